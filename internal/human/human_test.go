package human

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestPluralCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 requests"}, {1, "1 request"}, {2, "2 requests"}} {
		if got := Count(c.n, "request", "requests"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestOrList(t *testing.T) {
	for in, want := range map[string]string{"": "", "a": "a", "a b": "a or b", "a b c": "a, b or c"} {
		if got := OrList(strings.Fields(in)); got != want {
			t.Errorf("OrList(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDuration(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0ms"},
		{-time.Second, "0ms"},
		{206949 * time.Nanosecond, "0.21ms"},
		{4704 * time.Microsecond, "4.7ms"},
		{2 * time.Millisecond, "2ms"},
		{10 * time.Second, "10s"},
		{233254638 * time.Nanosecond, "233ms"},
		{80 * time.Millisecond, "80ms"},
		{1234567890 * time.Nanosecond, "1.23s"},
		{1200 * time.Millisecond, "1.2s"},
		{90 * time.Second, "1m30s"},
	} {
		if got := Duration(c.d); got != c.want {
			t.Errorf("Duration(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestMillis(t *testing.T) {
	if got := Millis(206949 * time.Nanosecond); got != 0.206949 {
		t.Errorf("Millis = %v, want full precision 0.206949", got)
	}
}

func TestShellQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"~/.claude/settings.json", "~/.claude/settings.json"},
		{"http://127.0.0.1:8080/api/v1", "http://127.0.0.1:8080/api/v1"},
		{"", "''"},
		{"a b", "'a b'"},
		{"it's", `'it'\''s'`},
		{"https://h/v1/messages?beta=true", "'https://h/v1/messages?beta=true'"},
		{"$HOME", "'$HOME'"},
	} {
		if got := ShellQuote(c.in); got != c.want {
			t.Errorf("ShellQuote(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestShellQuoteRoundTrip has a real shell read each quoted value back.
func TestShellQuoteRoundTrip(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	for _, v := range []string{"plain", "a b", "it's", `"dq" \ back`, "$HOME `x` *?[", "ü 中文", "a\nb"} {
		out, err := exec.Command(sh, "-c", "printf %s "+ShellQuote(v)).Output()
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != v {
			t.Errorf("sh read %q back as %q", v, out)
		}
	}
}
