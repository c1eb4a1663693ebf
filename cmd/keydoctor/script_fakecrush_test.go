package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// fakeCrush: Crush's global crush.json ($CRUSH_GLOBAL_CONFIG or
// $XDG_CONFIG_HOME/crush or ~/.config/crush) under its data file
// ($CRUSH_GLOBAL_DATA or ~/.local/share/crush) under the working
// directory's crush.json, merged key by key; the provider models.large is
// on; "$VAR" keys expanded. It sends what `crush run --quiet` sent
// (docs/tools.md, "Crush"): a title request with the small model, then the
// turn, by the provider's type: openai-compat POST {base_url}/chat/completions
// and openai {base_url}/responses with a bearer key, anthropic
// {base_url}/v1/messages with x-api-key. A model the provider does not
// declare is refused (Crush would pick its own default).
func fakeCrush(args []string) error {
	if len(args) < 3 || args[0] != "run" || args[1] != "--quiet" {
		return fmt.Errorf("usage: crush run --quiet PROMPT")
	}
	home := os.Getenv("HOME")
	global := or(os.Getenv("CRUSH_GLOBAL_CONFIG"), filepath.Join(or(os.Getenv("XDG_CONFIG_HOME"), filepath.Join(home, ".config")), "crush"))
	data := or(os.Getenv("CRUSH_GLOBAL_DATA"), filepath.Join(home, ".local", "share", "crush"))
	cfg := map[string]any{}
	for _, p := range []string{filepath.Join(global, "crush.json"), filepath.Join(data, "crush.json"), "crush.json"} {
		b, err := os.ReadFile(p)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return err
		}
		var layer map[string]any
		if err := json.Unmarshal(b, &layer); err != nil {
			return fmt.Errorf("invalid JSON in config file %s", p)
		}
		mergeJSON(cfg, layer)
	}
	if err := os.MkdirAll(".crush", 0o700); err != nil { // its data directory, in the working directory
		return err
	}
	get := func(m any, keys ...string) any {
		for _, k := range keys {
			mm, _ := m.(map[string]any)
			m = mm[k]
		}
		return m
	}
	str := func(keys ...string) string { s, _ := get(cfg, keys...).(string); return s }
	id, model := str("models", "large", "provider"), str("models", "large", "model")
	small := or(str("models", "small", "model"), model)
	declared := false
	models, _ := get(cfg, "providers", id, "models").([]any)
	for _, m := range models {
		declared = declared || get(m, "id") == model
	}
	if !declared {
		return fmt.Errorf("model %q is not declared by provider %q: crush would use its default", model, id)
	}
	base, key := strings.TrimRight(str("providers", id, "base_url"), "/"), os.ExpandEnv(str("providers", id, "api_key"))
	hdr := http.Header{"User-Agent": {"Charm-Crush/devel (https://charm.land/crush)"}}
	url := base + "/chat/completions"
	switch str("providers", id, "type") {
	case "anthropic":
		url = base + "/v1/messages"
		hdr.Set("X-Api-Key", key)
	case "openai":
		url = base + "/responses"
		fallthrough
	default:
		hdr.Set("Authorization", "Bearer "+key)
	}
	if err := fakeSend("POST", url, hdr, small); err != nil {
		return err
	}
	return fakeSend("POST", url, hdr, model)
}

// mergeJSON merges src into dst, objects key by key, as Crush merges its
// config files.
func mergeJSON(dst, src map[string]any) {
	for k, v := range src {
		if sv, ok := v.(map[string]any); ok {
			if dv, ok := dst[k].(map[string]any); ok {
				mergeJSON(dv, sv)
				continue
			}
		}
		dst[k] = v
	}
}
