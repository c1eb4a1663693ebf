package checks

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

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
		tools := []gateway.ToolID{gateway.Claude, gateway.Codex, gateway.Cline, gateway.DotEnv}
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

// FuzzCleanBody: the evidence text is valid UTF-8 without control
// characters, and no longer than asked (plus the ellipsis).
func FuzzCleanBody(f *testing.F) {
	for _, s := range []string{"", "{\"error\":\"x\"}\r\n", "\x1b[2J\x00", "héllo wörld", "\xff\xfe", "a\u2028b"} {
		f.Add([]byte(s), 8)
	}
	f.Fuzz(func(t *testing.T, b []byte, max int) {
		if max < 0 || max > 4096 {
			return
		}
		s := CleanBody(b, max)
		if !utf8.ValidString(s) {
			t.Fatalf("invalid UTF-8: %q", s)
		}
		for _, r := range s {
			if unicode.IsControl(r) {
				t.Fatalf("control character %U in %q", r, s)
			}
		}
		if n := len(strings.TrimSuffix(s, "…")); n > 3*max+3 { // U+FFFD may stand for one byte
			t.Fatalf("%d bytes from max %d: %q", n, max, s)
		}
	})
}
