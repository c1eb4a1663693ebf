package router

import (
	"strings"
	"testing"
)

// TestShownURL: a base URL from a router's configuration is shown as the
// file has it, unless a byte of it would act on the terminal; then the
// route says why it shows none.
func TestShownURL(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"plain", "https://gateway.example/v1", true},
		{"an internationalised host", "https://bücher.example/v1", true},
		{"empty", "", true},
		{"an escape", "https://gateway.example/\x1b[2J", false},
		{"DEL", "\x7f", false},
		{"a C1 control (CSI)", "https://gateway.example/\u009b2J", false},
		{"not UTF-8", "https://gateway.example/\xff", false},
		{"too long", "https://gateway.example/" + strings.Repeat("a", maxURL), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := shownURL(tc.in)
			if ok != tc.ok || (ok && got != tc.in) || (!ok && got != "") {
				t.Fatalf("shownURL(%q) = %q, %v", tc.in, got, ok)
			}
		})
	}
	r := routeOf("config.json", []byte(`{"Providers":[{"name":"up","api_base_url":"http://x/\u001b]0;pwned\u0007"}],"Router":{"default":"up,m"}}`), "")
	if r.Upstream != "" || r.Note != unshownURL || r.Provider != "up" || r.Model != "m" {
		t.Fatalf("route %+v", r)
	}
}
