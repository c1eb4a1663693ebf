package router

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/sqlite"
	"github.com/keydoctor/keydoctor/internal/format/tomlbound"
	"github.com/pelletier/go-toml/v2"
)

// ReadCCSwitch fills r, the route CC Switch's proxy named by its current
// provider (GET /status), with that provider's upstream and model from
// CC Switch's database, ~/.cc-switch/cc-switch.db (read only, with its
// WAL; keys in it are never read out). Its schema
// (src-tauri/src/database/schema.rs): providers(id, app_type, name,
// settings_config TEXT (JSON), …, is_current BOOLEAN, …), one row per
// provider and app ("claude", "codex", "gemini"); the proxy sends an app
// to the row that is current for it. A provider that several apps have
// current is read from the first; a database it cannot read leaves r as
// it was, with a note.
func ReadCCSwitch(e *env.Env, r *Route) {
	if r == nil || r.Provider == "" {
		return
	}
	path := filepath.Join(e.Home, ".cc-switch", "cc-switch.db")
	db, err := sqlite.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		r.Note = "its providers are in ~/.cc-switch/cc-switch.db, which is not in this home (CC Switch runs as another user?)"
		return
	}
	if err != nil {
		r.Note = "its providers are in ~/.cc-switch/cc-switch.db, which keydoctor could not read"
		return
	}
	cols, err := db.Columns("providers")
	rows, err2 := db.Rows("providers")
	if err != nil || err2 != nil {
		r.Note = "its providers are in ~/.cc-switch/cc-switch.db, which keydoctor could not read"
		return
	}
	at := map[string]int{}
	for i, c := range cols {
		at[c] = i
	}
	get := func(row []any, col string) any {
		if i, ok := at[col]; ok && i < len(row) {
			return row[i]
		}
		return nil
	}
	for _, row := range rows {
		if name, _ := get(row, "name").(string); name != r.Provider {
			if id, _ := get(row, "id").(string); id != r.Provider {
				continue
			}
		}
		if cur, _ := get(row, "is_current").(int64); cur != 1 {
			continue
		}
		doc, _ := get(row, "settings_config").(string)
		base, model := ccSwitchTarget([]byte(doc))
		r.File = home(e, path)
		var ok bool
		r.Note = ""
		if r.Upstream, ok = shownURL(base); !ok {
			r.Note = unshownURL
		}
		r.Model, _ = shownURL(model) // the same rule: "" where a byte would act on the terminal
		if app, _ := get(row, "app_type").(string); app != "" {
			r.Entry = "providers (" + app + ")"
		}
		return
	}
}

// ccSwitchTarget is the base URL and model a provider's settings_config
// names, where CC Switch's proxy looks (src-tauri/src/proxy/providers):
// Claude's env.ANTHROPIC_BASE_URL and ANTHROPIC_MODEL, Gemini's
// env.GOOGLE_GEMINI_BASE_URL and GEMINI_MODEL, a top-level base_url,
// baseURL or apiEndpoint, and Codex's config (a config.toml text: its
// model_provider's base_url, and model).
func ccSwitchTarget(doc []byte) (base, model string) {
	var s struct {
		Env         map[string]any `json:"env"`
		BaseURL     string         `json:"base_url"`
		BaseURL2    string         `json:"baseURL"`
		APIEndpoint string         `json:"apiEndpoint"`
		Config      string         `json:"config"`
	}
	if json.Unmarshal(doc, &s) != nil {
		return "", ""
	}
	str := func(k string) string { v, _ := s.Env[k].(string); return v }
	base = first(str("ANTHROPIC_BASE_URL"), str("GOOGLE_GEMINI_BASE_URL"), s.BaseURL, s.BaseURL2, s.APIEndpoint)
	model = first(str("ANTHROPIC_MODEL"), str("GEMINI_MODEL"))
	if s.Config != "" {
		var c struct {
			Model          string `toml:"model"`
			ModelProvider  string `toml:"model_provider"`
			ModelProviders map[string]struct {
				BaseURL string `toml:"base_url"`
			} `toml:"model_providers"`
		}
		// Bounded first: go-toml is quadratic in keys (internal/format/tomlbound).
		if tomlbound.Check([]byte(s.Config)) == nil && toml.Unmarshal([]byte(s.Config), &c) == nil {
			base = first(base, c.ModelProviders[c.ModelProvider].BaseURL)
			model = first(model, c.Model)
		}
	}
	return base, model
}

func first(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}
