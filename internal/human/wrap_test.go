package human

import (
	"fmt"
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		in     string
		width  int
		indent string
		want   string
	}{
		{"short line", 80, "  ", "short line"},
		{"no width means no wrapping at all", 0, "", "no width means no wrapping at all"},
		{"the base URL ends in /v1 twice and the gateway answers 404", 24, "    ",
			"the base URL ends in /v1\n    twice and the\n    gateway answers 404"},
		{"see https://gateway.example/api/v1/chat/completions now", 20, "  ",
			"see https://gateway.example/api/v1/chat/completions\n  now"},
		{"\x1b[31merror\x1b[0m one two three", 15, " ", "\x1b[31merror\x1b[0m one two\n three"},
		{"余额不足 balance too low", 12, "", "余额不足\nbalance too\nlow"},
	} {
		got := Wrap(c.in, c.width, c.indent)
		if got != c.want {
			t.Errorf("Wrap(%q, %d) =\n%s\nwant\n%s", c.in, c.width, got, c.want)
		}
		if c.width > 0 {
			for _, l := range strings.Split(got, "\n") {
				if Width(l) > c.width && !strings.Contains(l, "https://") {
					t.Errorf("line %q is %d columns, over %d", l, Width(l), c.width)
				}
			}
		}
	}
}

// TestWrapAlone: a word longer than a line goes on a line of its own, so
// that the words before it are not cut by the terminal.
func TestWrapAlone(t *testing.T) {
	in := "see: http://gw.example/api/v1 -> http://gw.example/api/v1/chat/completions"
	want := "see: http://gw.example/api/v1 ->\n    http://gw.example/api/v1/chat/completions"
	if got := WrapAlone(in, 40, "    "); got != want {
		t.Errorf("WrapAlone =\n%s\nwant\n%s", got, want)
	}
	if got := Wrap(in, 40, "    "); got == want {
		t.Errorf("Wrap moved a word longer than the line: %q", got)
	}
	if got := WrapAlone("short", 30, "  "); got != "short" {
		t.Errorf("WrapAlone(short) = %q", got)
	}
}

func TestWidth(t *testing.T) {
	if w := Width("\x1b[1;31mok\x1b[0m 中"); w != 5 {
		t.Errorf("Width = %d, want 5", w)
	}
}

// A report's line may come in several writes; the writer wraps it as one,
// under the values' column, and passes everything through without a width.
func TestWrapWriter(t *testing.T) {
	var b strings.Builder
	w := WrapWriter(&b, 32, "          ")
	fmt.Fprint(w, "network   2 new connections, ")
	fmt.Fprint(w, "connect 0.17 ms, tls -\n")
	fmt.Fprint(w, "requests  6 ok\n")
	fmt.Fprint(w, "last")
	w.Flush()
	want := "network   2 new connections,\n          connect 0.17 ms, tls -\nrequests  6 ok\nlast"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
	var raw strings.Builder
	w = WrapWriter(&raw, 0, "  ")
	fmt.Fprint(w, "a line far wider than nothing, without its newline")
	if raw.String() != "a line far wider than nothing, without its newline" {
		t.Errorf("width 0 changed or held %q", raw.String())
	}
}
