package verify

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"

	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// flagRedirect gives the relay's base URL as the value of a flag
// ({base}) that beats the tool's files. The model's entry of a Providers
// list beats that flag (a tool's per-model provider list, docs/tools.md),
// so the run also gets a settings file (SettingsEnv) that beats the
// user's and holds the list with that entry's base URL replaced: the key
// variable and every other entry stay the user's.
func flagRedirect(r *Redirect) error {
	e, c, relayBase, tmp, h, vars, inv := r.Env, r.Configured, r.RelayBase, r.Tmp, r.Headless, r.Vars, r.Inv
	vars["{base}"] = relayBase
	if h.SettingsEnv == "" {
		return nil
	}
	settings := map[string]any{}
	if h.Settings != "" {
		if err := json.Unmarshal([]byte(h.Settings), &settings); err != nil {
			return err
		}
	}
	t, _ := tool.Lookup(string(c.Tool))
	if list, ok := providersRedirected(e, t, c.Model, relayBase); ok {
		parts := strings.Split(t.Keys.Providers.List, ".")
		obj := settings
		for _, p := range parts[:len(parts)-1] {
			next, ok := obj[p].(map[string]any)
			if !ok {
				next = map[string]any{}
				obj[p] = next
			}
			obj = next
		}
		obj[parts[len(parts)-1]] = list
	}
	b, err := json.Marshal(settings)
	if err != nil {
		return err
	}
	path := filepath.Join(tmp, "system-settings.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return err
	}
	inv.Env = append(inv.Env, h.SettingsEnv+"="+path)
	return nil
}

// providersRedirected is the tool's Providers list with the base URL of
// model's entry set to relayBase; ok is false when no entry of the model
// has a base URL.
func providersRedirected(e *env.Env, t tool.Tool, model, relayBase string) ([]map[string]any, bool) {
	if t.Keys == nil || t.Keys.Providers == nil || model == "" {
		return nil, false
	}
	pr := t.Keys.Providers
	f, ok := t.File(e, "", pr.File)
	if !ok {
		return nil, false
	}
	b, err := safefile.ReadFile(f.Path)
	if err != nil {
		return nil, false
	}
	if jsonpos.CheckDepth(b) != nil {
		return nil, false
	}
	std, err := hujson.Standardize(b)
	if err != nil {
		return nil, false
	}
	var list []map[string]any
	if json.Unmarshal([]byte(gjson.GetBytes(std, escGJSON(pr.List)).Raw), &list) != nil {
		return nil, false
	}
	for _, en := range list {
		if id, _ := en[pr.ID].(string); id == model && en[pr.Base] != nil {
			en[pr.Base] = relayBase
			return list, true
		}
	}
	return nil, false
}

// escGJSON is a dotted key as a gjson/sjson path (each part escaped).
func escGJSON(dotted string) string {
	parts := strings.Split(dotted, ".")
	for i, p := range parts {
		for _, ch := range []string{`\`, "*", "?", "|", "#", "@"} {
			p = strings.ReplaceAll(p, ch, `\`+ch)
		}
		parts[i] = p
	}
	return strings.Join(parts, ".")
}
