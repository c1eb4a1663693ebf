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
		lines := TOMLLines([]byte(doc))
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
