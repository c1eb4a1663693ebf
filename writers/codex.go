package writers

import (
	"errors"
	"reflect"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/toolpaths"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/pelletier/go-toml/v2"
)

// codexWriter sets model, model_provider and our [model_providers.ID]
// table in $CODEX_HOME/config.toml, and the key in auth.json (or names
// the variable that holds it with env_key).
type codexWriter struct{}

func (codexWriter) Tool() gateway.ToolID { return gateway.Codex }

// ownedProviderKeys are the keys of our provider table we set or remove;
// any other key the user added to the table is kept.
var ownedProviderKeys = []string{"name", "base_url", "wire_api", "requires_openai_auth", "env_key"}

func (codexWriter) Plan(o Options) ([]*Change, error) {
	path := toolpaths.CodexConfig(o.Env)
	c, err := readFile(path)
	if err != nil {
		return nil, err
	}
	before, err := decodeTOML(path, c.Old)
	if err != nil {
		return nil, err
	}
	id, p := o.CodexProvider, o.Profile
	table := []string{"model_providers", id}
	doc, err := parseTOMLDoc(c.Old)
	if err != nil {
		return nil, refuse(path, "", "cannot edit it safely: %v", err)
	}
	if providers, ok := before["model_providers"]; ok {
		m, isTable := providers.(map[string]any)
		if !isTable {
			return nil, refuse(path, "", "model_providers is not a table")
		}
		if t, defined := m[id]; defined && !doc.hasHeader(table) && !onlySubtables(t) {
			return nil, refuse(path, "write it as a [model_providers."+id+"] table, or pick another id with --codex-provider",
				"model_providers.%s is defined inline or with dotted keys, which keydoctor does not edit", id)
		}
	}
	name := id
	if pr, err := templates.LookupPreset(p.Preset); err == nil && pr.Name != "custom" {
		name = pr.Title
	}
	edits := []struct {
		path       []string
		key, value string
	}{
		{nil, "model", tomlString(p.Model)},
		{nil, "model_provider", tomlString(id)},
		{table, "name", tomlString(name)},
		{table, "base_url", tomlString(baseFor(gateway.Codex, p.BaseURL))},
		{table, "wire_api", tomlString("responses")},
	}
	drop := "env_key"
	if o.CodexAuth == "env" {
		edits = append(edits, struct {
			path       []string
			key, value string
		}{table, "env_key", tomlString(envVars(p).APIKey)})
		drop = "requires_openai_auth"
	} else {
		edits = append(edits, struct {
			path       []string
			key, value string
		}{table, "requires_openai_auth", "true"})
	}
	for _, e := range edits {
		if err := doc.set(e.path, e.key, e.value); err != nil {
			return nil, refuse(path, "", "cannot edit it safely: %v", err)
		}
	}
	if _, err := doc.remove(table, drop); err != nil {
		return nil, refuse(path, "", "cannot edit it safely: %v", err)
	}
	if err := verifyCodexEdit(path, before, doc.src, o); err != nil {
		return nil, err
	}
	c.New = doc.src
	if sel, ok := before["profile"].(string); ok {
		if prof, ok := lookupMap(before, "profiles", sel); ok && (prof["model"] != nil || prof["model_provider"] != nil) {
			c.notef("the selected profile %q sets its own model or model_provider, which override these", sel)
		}
	}
	c.finish(false, 0o600)
	out := []*Change{c}
	if o.CodexAuth == "env" {
		v := envVars(p).APIKey
		if got, _ := o.Env.Lookup(v); got != p.Key {
			c.notef("env_key names %s: export it (with this key) in the shell that runs codex", v)
		}
		return out, nil
	}
	auth, err := planCodexAuth(o)
	if err != nil {
		return nil, err
	}
	return append(out, auth), nil
}

func decodeTOML(path string, data []byte) (map[string]any, error) {
	m := map[string]any{}
	if err := toml.Unmarshal(data, &m); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, &RefusedError{Path: path, Line: row, Col: col, Reason: de.Error(), Hint: "fix the file by hand (or restore it with 'keydoctor restore'), then run setup again"}
		}
		return nil, refuse(path, "", "does not parse: %v", err)
	}
	return m, nil
}

// verifyCodexEdit re-parses the edited document: it must parse, hold our
// values, and be equal to the original in everything else.
func verifyCodexEdit(path string, before map[string]any, after []byte, o Options) error {
	got, err := decodeTOML(path, after)
	if err != nil {
		return refuse(path, "", "internal error: the edited file does not parse (%v); nothing was written", err)
	}
	table, _ := lookupMap(got, "model_providers", o.CodexProvider)
	if got["model"] != o.Profile.Model || got["model_provider"] != o.CodexProvider || table == nil ||
		table["base_url"] != baseFor(gateway.Codex, o.Profile.BaseURL) || table["wire_api"] != "responses" {
		return refuse(path, "", "internal error: the edited file does not hold the new values; nothing was written")
	}
	strip := func(m map[string]any) map[string]any {
		m = deepCopy(m).(map[string]any)
		delete(m, "model")
		delete(m, "model_provider")
		if t, ok := lookupMap(m, "model_providers", o.CodexProvider); ok {
			for _, k := range ownedProviderKeys {
				delete(t, k)
			}
			if len(t) == 0 {
				delete(m["model_providers"].(map[string]any), o.CodexProvider)
			}
		}
		if mp, ok := m["model_providers"].(map[string]any); ok && len(mp) == 0 {
			delete(m, "model_providers")
		}
		return m
	}
	if !reflect.DeepEqual(strip(before), strip(got)) {
		return refuse(path, "", "internal error: editing would change keys keydoctor does not own; nothing was written")
	}
	return nil
}

func lookupMap(m map[string]any, path ...string) (map[string]any, bool) {
	for _, k := range path {
		next, ok := m[k].(map[string]any)
		if !ok {
			return nil, false
		}
		m = next
	}
	return m, true
}

func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[k] = deepCopy(x)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = deepCopy(x)
		}
		return out
	}
	return v
}

// planCodexAuth sets OPENAI_API_KEY in auth.json, keeping its other fields.
func planCodexAuth(o Options) (*Change, error) {
	path := toolpaths.CodexAuth(o.Env)
	c, err := readFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := parseJSONDoc(path, c.Old, false)
	if err != nil {
		return nil, err
	}
	if old, ok := doc.str("OPENAI_API_KEY"); ok {
		c.addSecrets(old)
	}
	if _, err := doc.set([]string{"OPENAI_API_KEY"}, o.Profile.Key); err != nil {
		return nil, err
	}
	c.New = doc.bytes()
	if doc.lookup("tokens") != nil {
		c.notef("auth.json also holds a ChatGPT login; the %s provider uses OPENAI_API_KEY (requires_openai_auth)", o.CodexProvider)
	}
	c.finish(true, 0o600)
	return c, nil
}

// onlySubtables: the table exists only through sub-tables with headers of
// their own ([model_providers.ID.http_headers]), so a [model_providers.ID]
// header may still be added.
func onlySubtables(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for _, x := range m {
		if _, ok := x.(map[string]any); !ok {
			return false
		}
	}
	return true
}
