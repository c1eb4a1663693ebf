package discover

import (
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// FuzzTOMLLines: tomlLines never panics, and every line it reports for a
// document that parses lies inside the document and holds the key's last
// part (quoted keys aside).
func FuzzTOMLLines(f *testing.F) {
	f.Add("model = \"gpt-4o\"\n[model_providers.gw]\nbase_url = \"https://x/v1\"\n")
	f.Add("a.b.c = 1\n[t]\nx = { y = { z = 2 } }\n[[arr]]\nk = 3\n")
	f.Add("[model_providers.\"my id\"]\nenv_key = 'K'\n")
	f.Add("x = \"\"\"\nmulti\nline\"\"\"\ny = 2\n")
	f.Add("[bad\n")
	f.Fuzz(func(t *testing.T, doc string) {
		lines := tomlLines([]byte(doc))
		var v map[string]any
		if toml.Unmarshal([]byte(doc), &v) != nil {
			return
		}
		all := strings.Split(doc, "\n")
		for path, line := range lines {
			if line < 1 || line > len(all) {
				t.Fatalf("%q: line %d outside the document", path, line)
			}
			parts := strings.Split(path, "\x1f")
			last := parts[len(parts)-1]
			if isBareKey(last) && !strings.Contains(all[line-1], last) {
				t.Fatalf("%q: line %d (%q) does not hold the key", path, line, all[line-1])
			}
		}
	})
}

func isBareKey(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')) {
			return false
		}
	}
	return true
}

// FuzzDiscoverJSON: whatever a settings or providers file holds, discovery
// does not panic, and a problem always names a line within the file.
func FuzzDiscoverJSON(f *testing.F) {
	f.Add(`{"env":{"ANTHROPIC_BASE_URL":"https://x/api","ANTHROPIC_AUTH_TOKEN":"k"}}`)
	f.Add(`{"env":[1,2]}`)
	f.Add("{\n\"env\": {\"A\": \"\\u00e9\",}\n}")
	f.Add(`{"providers":{"a.b":{"settings":{"baseUrl":5}}},"lastUsedProvider":"a.b"}`)
	f.Add("\ufeff{}")
	f.Add(`{"provider":{"a/b":{"options":{"baseURL":"x","apiKey":"{env:K}"},"models":{"m":{}}}},"model":"a/b/m","a/b":{"type":"api","key":"k"}}`)
	f.Add(`{"$version":4,"security":{"auth":{"selectedType":"openai","baseUrl":1}},"model":{"name":[]}}`)
	f.Fuzz(func(t *testing.T, doc string) {
		e, dir := home(t, map[string]string{
			".claude/settings.json":               doc,
			".cline/data/settings/providers.json": doc,
			".config/Code/User/settings.json":     doc,
			".qwen/settings.json":                 doc,
			".config/opencode/opencode.json":      doc,
			".local/share/opencode/auth.json":     doc,
		}, nil)
		s := Discover(e, Options{Project: dir})
		n := strings.Count(doc, "\n") + 1
		for _, p := range s.Problems {
			if p.Line > n {
				t.Fatalf("problem at line %d of a %d-line file: %+v", p.Line, n, p)
			}
		}
	})
}

// FuzzCodexConfig: whatever config.toml holds, discovery does not panic
// (go-toml before v2.4.3 panicked on "[model.0]": the committed corpus
// keeps that input), a file that parses always yields Codex's triple with
// a provider (model_provider = "" is a problem: Codex finds no such
// provider), and a problem never points past the file's last line.
func FuzzCodexConfig(f *testing.F) {
	f.Add("model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/v1\"\nenv_key = \"K\"\n")
	f.Add("profile = \"p\"\n[profiles.p]\nmodel_provider = \"openai\"\n")
	f.Add("openai_base_url = \"https://gw.example/v1\"\n")
	f.Add("model_provider = = 1")
	f.Add("[model_providers]\ntt = 3\n")
	f.Add("[model.0]\n")
	f.Add("model_provider = \"tt\"\n[model_providers.tt]\nhttp_headers = { \"Authorization\" = \"Bearer k\", \"x-api-key\" = 1 }\nenv_http_headers = { \"x-api-key\" = \"K\" }\n")
	f.Add("model_provider = \"tt\"\n[model_providers.tt.http_headers]\nauthorization = \"k\"\n")
	f.Fuzz(func(t *testing.T, config string) {
		e, dir := home(t, map[string]string{".codex/config.toml": config, ".codex/auth.json": `{"OPENAI_API_KEY":"k"}`},
			map[string]string{"K": testKey})
		s := Discover(e, Options{Project: dir})
		c, ok := s.Own("codex")
		named := s.Codex.SelectedProvider().Value != "" || len(s.ProblemsIn(s.Codex.ConfigPath)) > 0
		if !ok || !named || (c.Key.Set() && c.Auth == "") {
			t.Errorf("codex = %+v (%v) for %q", c, ok, config)
		}
		n := strings.Count(config, "\n") + 1
		for _, p := range s.Problems {
			if p.Line > n {
				t.Fatalf("problem at line %d of a %d-line file: %+v", p.Line, n, p)
			}
		}
	})
}

// FuzzClaudeSettings: whatever settings.json holds, Claude Code's triple
// resolves, and a key always comes with the header it is sent in (an
// apiKeyHelper's key has no value here).
func FuzzClaudeSettings(f *testing.F) {
	f.Add(`{"env":{"ANTHROPIC_BASE_URL":"https://gw.example/api","ANTHROPIC_AUTH_TOKEN":"k"},"model":"m"}`)
	f.Add(`{"env":{"ANTHROPIC_API_KEY":"k","ANTHROPIC_DEFAULT_HAIKU_MODEL":"","ANTHROPIC_SMALL_FAST_MODEL":"s"}}`)
	f.Add(`{"env":{"ANTHROPIC_MODEL":3}}`)
	f.Add(`{"env":null}`)
	f.Add(`{"apiKeyHelper":"x","env":{"ANTHROPIC_MODEL":"m"}}`)
	f.Add(`[`)
	f.Fuzz(func(t *testing.T, settings string) {
		e, dir := home(t, map[string]string{".claude/settings.json": settings}, nil)
		c, ok := Discover(e, Options{Project: dir}).Own("claude")
		if !ok || !c.Base.Set() {
			t.Fatalf("claude = %+v (%v) for %q", c, ok, settings)
		}
		if c.Key.Value != "" && c.Auth == "" {
			t.Errorf("a key without an auth header for %q", settings)
		}
		if c.BackgroundModel.Set() && c.BackgroundModel.Source.Key == "" {
			t.Errorf("a background model without a source for %q", settings)
		}
	})
}
