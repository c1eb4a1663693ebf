package wire

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// FuzzAlternativeBases: whatever a user pasted, the candidates are usable
// URLs, each makes the tool request a different URL, and none is the one
// that already failed.
func FuzzAlternativeBases(f *testing.F) {
	for _, s := range []string{"http://h/api/v1", "https://taotoken.net/api", "h:8080", "http://h/a/b/c/v1/v1/chat/completions?x=1",
		"", "::", "http://[::1]:9/api", "https://h/anthropic", "http://h/openai/v1/", "http://h/%zz"} {
		f.Add(s, 0)
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, base string, which int) {
		tools := []gateway.ToolID{gateway.ToolID("claude"), gateway.ToolID("codex"), gateway.ToolID("cline"), gateway.ToolID("env")}
		tool := tools[(which%len(tools)+len(tools))%len(tools)]
		got := AlternativeBases(tool, "", base)
		if len(got) > maxAlternatives {
			t.Fatalf("%d candidates", len(got))
		}
		failed := Path{Tool: tool, Base: base}.URL()
		seen := map[string]bool{}
		for _, b := range got {
			if _, err := gateway.Normalize(b); err != nil {
				t.Fatalf("candidate %q does not parse: %v", b, err)
			}
			u := Path{Tool: tool, Base: b}.URL()
			if u == failed || seen[u] {
				t.Fatalf("candidate %q requests %s again", b, u)
			}
			seen[u] = true
		}
	})
}
