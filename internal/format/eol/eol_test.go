package eol

import "testing"

func TestOf(t *testing.T) {
	for in, want := range map[string]string{
		"":             "\n",
		"one line":     "\n",
		"a\nb\r\n":     "\n",
		"a\r\nb\n":     "\r\n",
		"\r\n":         "\r\n",
		"\n":           "\n",
		"a\rb\n":       "\n",
		"\ufeffa\r\nb": "\r\n",
	} {
		if got := Of([]byte(in)); got != want {
			t.Errorf("Of(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestHasBareLF(t *testing.T) {
	for s, want := range map[string]bool{"": false, "a\r\nb\r\n": false, "\n": true, "a\r\nb\n": true, "a\rb": false} {
		if got := HasBareLF([]byte(s)); got != want {
			t.Errorf("HasBareLF(%q) = %v", s, got)
		}
	}
}
