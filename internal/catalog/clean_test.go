package catalog

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestClean(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{`{"error":"bad"}`, 100, `{"error":"bad"}`},
		{"line1\r\nline2\t\tx", 100, "line1 line2 x"},
		{"\x1b[31mred\x1b[0m\x00\x07", 100, "[31mred[0m"},
		{"abcdef", 3, "abc…"},
		{"héllo", 2, "h…"}, // does not cut inside é
		{"bad\xffutf8", 100, "bad\uFFFDutf8"},
		{"zero\u200bwidth\u2028sep", 100, "zerowidthsep"},
		{"", 10, ""},
	}
	for _, tt := range tests {
		if got := Clean([]byte(tt.in), tt.max); got != tt.want {
			t.Errorf("Clean(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

// FuzzClean: the evidence text is valid UTF-8 without control
// characters, and no longer than asked (plus the ellipsis).
func FuzzClean(f *testing.F) {
	for _, s := range []string{"", "{\"error\":\"x\"}\r\n", "\x1b[2J\x00", "héllo wörld", "\xff\xfe", "a\u2028b"} {
		f.Add([]byte(s), 8)
	}
	f.Fuzz(func(t *testing.T, b []byte, max int) {
		if max < 0 || max > 4096 {
			return
		}
		s := Clean(b, max)
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
