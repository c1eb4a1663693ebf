package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/tailscale/hujson"
)

// fakeKilo acts as Kilo Code 7.7.7's "kilo run" (docs/tools.md): the
// global kilo.jsonc (or kilo.json) with $KILO_CONFIG_CONTENT merged over
// it key by key, the model "ID/MODEL" declared under its provider ("Model
// not found" otherwise), the key from options.apiKey ({env:VAR} read from
// the environment), then one streaming request: POST {baseURL}/messages
// with x-api-key for @ai-sdk/anthropic, else {baseURL}/chat/completions
// with a bearer token. Without KILO_DISABLE_MODELS_FETCH=1 and an
// enabled_providers naming only its provider, the real one would look up
// other providers' catalogues first: the fake refuses instead, so a
// verify that forgot them fails.
func fakeKilo([]string) error {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		dir = filepath.Join(os.Getenv("HOME"), ".config")
	}
	doc := map[string]any{}
	for _, name := range []string{"kilo.json", "kilo.jsonc"} {
		if b, err := os.ReadFile(filepath.Join(dir, "kilo", name)); err == nil {
			if err := mergeJSONC(doc, b); err != nil {
				return fmt.Errorf("%s: %v", name, err)
			}
		}
	}
	if c := os.Getenv("KILO_CONFIG_CONTENT"); c != "" {
		if err := mergeJSONC(doc, []byte(c)); err != nil {
			return fmt.Errorf("KILO_CONFIG_CONTENT: %v", err)
		}
	}
	model, _ := doc["model"].(string)
	id, name, _ := strings.Cut(model, "/")
	var p struct {
		NPM     string
		Options struct{ BaseURL, APIKey string }
		Models  map[string]any
	}
	b, _ := json.Marshal(pick(doc, "provider", id))
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	if _, ok := p.Models[name]; !ok {
		return fmt.Errorf("Model not found: %s", model)
	}
	enabled, _ := json.Marshal(doc["enabled_providers"])
	if os.Getenv("KILO_DISABLE_MODELS_FETCH") != "1" || string(enabled) != `["`+id+`"]` {
		return errors.New("would fetch other providers' models (set KILO_DISABLE_MODELS_FETCH=1 and enabled_providers)")
	}
	key := p.Options.APIKey
	if strings.HasPrefix(key, "{env:") && strings.HasSuffix(key, "}") {
		key = os.Getenv(key[5 : len(key)-1])
	}
	base := strings.TrimRight(p.Options.BaseURL, "/")
	if p.NPM == "@ai-sdk/anthropic" {
		return fakeSend("POST", base+"/messages", http.Header{"User-Agent": {"ai-sdk/anthropic/2.0"}, "X-Api-Key": {key}, "Anthropic-Version": {"2023-06-01"}}, name)
	}
	return fakeSend("POST", base+"/chat/completions", http.Header{"User-Agent": {"ai-sdk/openai-compatible/1.0"}, "Authorization": {"Bearer " + key}}, name)
}

// mergeJSONC merges a JSONC object into doc, objects key by key.
func mergeJSONC(doc map[string]any, b []byte) error {
	std, err := hujson.Standardize(b)
	if err != nil {
		return err
	}
	var layer map[string]any
	if err := json.Unmarshal(std, &layer); err != nil {
		return err
	}
	mergeInto(doc, layer)
	return nil
}

func mergeInto(dst, src map[string]any) {
	for k, v := range src {
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				mergeInto(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
}

// pick is doc's value at path (nil when absent).
func pick(doc map[string]any, path ...string) any {
	var v any = doc
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}
