package tomlstr

import (
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// Every quoted string decodes back to itself with a real TOML parser.
func TestQuoteRoundTrips(t *testing.T) {
	for _, s := range []string{"", "plain", `a"b\c`, "line\nbreak\ttab", "ctl\x01\x7f", "ünïcode ✓", "https://gw.example/api/v1?x=<&>"} {
		var doc struct{ K string }
		if err := toml.Unmarshal([]byte("K = "+Quote(s)), &doc); err != nil || doc.K != s {
			t.Errorf("Quote(%q) = %s decodes to %q, %v", s, Quote(s), doc.K, err)
		}
	}
}

func TestBareKey(t *testing.T) {
	for s, want := range map[string]bool{"taotoken": true, "my-gw_2": true, "": false, "a.b": false, "a b": false, "ü": false} {
		if got := BareKey(s); got != want {
			t.Errorf("BareKey(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "x", `"\`, "\n\t\x00", "ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var doc map[string]any
		if err := toml.Unmarshal([]byte("K = "+Quote(s)), &doc); err != nil {
			t.Fatalf("Quote(%q) = %s does not parse: %v", s, Quote(s), err)
		}
		if got, _ := doc["K"].(string); got != s && validUTF8(s) {
			t.Fatalf("Quote(%q) decodes to %q", s, got)
		}
	})
}

func validUTF8(s string) bool {
	for _, r := range s {
		if r == '\uFFFD' {
			return false
		}
	}
	return true
}
