package redact

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

const testKey = "sk-test-0123456789abcdef"

// The hostile strings a gateway's model field or a repository's .env can
// hold, and how each must show.
var hostile = []struct{ name, in, want string }{
	{"osc52 clipboard", "\x1b]52;c;ZWNobyBwd25lZA==\x07", `\x1b]52;c;ZWNobyBwd25lZA==\x07`},
	{"clear screen", "gpt\x1b[2Jx", `gpt\x1b[2Jx`},
	{"title", "\x1b]0;owned\x1b\\", `\x1b]0;owned\x1b\`},
	{"osc8 link", "\x1b]8;;http://evil/\x1b\\click\x1b]8;;\x1b\\", `\x1b]8;;http://evil/\x1b\click\x1b]8;;\x1b\`},
	{"bidi override", "gpt\u202e4o\u202c", `gpt\u202e4o\u202c`},
	{"bidi isolate", "a\u2066b\u2069", `a\u2066b\u2069`},
	{"c1 csi", "a\u009b2Jb", `a\u009b2Jb`},
	{"lone c1 byte", "a\x9b2Jb", `a\x9b2Jb`},
	{"bell backspace del", "a\a\b\x7fb", `a\x07\x08\x7fb`},
	{"carriage return", "ok\rFAIL", `ok\x0dFAIL`},
	{"cjk stays", "sk-你的key 模型", "sk-你的key 模型"},
}

func TestWriterEscapes(t *testing.T) {
	for _, tt := range hostile {
		var out bytes.Buffer
		w := NewWriter(&out, nil, Options{Colour: true, Redraw: false})
		fmt.Fprintf(w, "model %s\n", tt.in)
		if got, want := out.String(), "model "+tt.want+"\n"; got != want {
			t.Errorf("%s: got %q, want %q", tt.name, got, want)
		}
		if got := Untrusted(tt.in); got != tt.want {
			t.Errorf("%s: Untrusted = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// keydoctor's own colours (Style), CRLF line ends and redraws
// (ClearLine) pass; a raw colour sequence, even one keydoctor's palette
// uses, shows as text whatever the Options, and a marked one not allowed
// is dropped.
func TestWriterOwnControls(t *testing.T) {
	red := NewStyle(true, FgRed, Bold)
	for _, tt := range []struct {
		o       Options
		in, out string
	}{
		{Options{Colour: true}, red.Sprint("error:") + " x\n", "\x1b[31;1merror:\x1b[0;22m x\n"},
		{Options{}, red.Sprint("error:") + " x\n", "error: x\n"},
		{Options{Colour: true}, "\x1b[1;31merror:\x1b[0m x\n", `\x1b[1;31merror:\x1b[0m x` + "\n"},
		{Options{}, "\x1b[31mred\x1b[0m\n", `\x1b[31mred\x1b[0m` + "\n"},
		{Options{Colour: true}, "\x1b[8mhidden\x1b[30;40mblack\x1b[38;5;0mx\n", `\x1b[8mhidden\x1b[30;40mblack\x1b[38;5;0mx` + "\n"},
		{Options{Redraw: true}, ClearLine() + "⠋ waiting 0.1s", "\r\x1b[K⠋ waiting 0.1s"},
		{Options{}, ClearLine() + "x", "x"},
		{Options{Colour: true, Redraw: true}, "\r\x1b[Kx", `\x0d\x1b[Kx`},
		{Options{}, "a=1\r\nb=2\r\n", "a=1\r\nb=2\r\n"},
		{Options{}, "\tindented\n", "\tindented\n"},
	} {
		var out bytes.Buffer
		w := NewWriter(&out, nil, tt.o)
		w.Write([]byte(tt.in))
		w.Flush()
		if out.String() != tt.out {
			t.Errorf("%+v %q: got %q, want %q", tt.o, tt.in, out.String(), tt.out)
		}
	}
}

// A mark is keydoctor's only when it is the run's: one with another
// number, one with attributes the palette does not use, and one cut short
// all show as text.
func TestWriterForgedMark(t *testing.T) {
	forged := strings.Replace(mark, mark[4:6], "99", 1)
	if forged == mark {
		forged = strings.Replace(mark, mark[4:6], "11", 1)
	}
	for _, in := range []string{forged + "31m", mark + "8m", mark + "38;5;0m", mark, mark + "31"} {
		var out bytes.Buffer
		w := NewWriter(&out, nil, Options{Colour: true, Redraw: true})
		fmt.Fprintf(w, "model %s\n", in)
		if strings.ContainsRune(out.String(), 0x1b) {
			t.Errorf("%q: got %q", in, out.String())
		}
	}
	// a secret of digits that the mark's number happens to hold does not
	// break the mark, and is still masked in the text
	digits := mark[4:12]
	s := NewSecrets()
	s.Add(digits)
	var out bytes.Buffer
	w := NewWriter(&out, s, Options{Colour: true})
	fmt.Fprintln(w, NewStyle(true, FgGreen).Sprint("ok")+" pin "+digits)
	if got := out.String(); got != "\x1b[32mok\x1b[0m pin "+Mask(digits)+"\n" {
		t.Errorf("a secret inside the mark: got %q", got)
	}
	// Untrusted escapes even the run's own mark: it is for text that
	// reaches the terminal past a Writer.
	if got := Untrusted(NewStyle(true, FgRed).Sprint("x")); strings.ContainsRune(got, 0x1b) {
		t.Errorf("Untrusted let a mark through: %q", got)
	}
}

// A secret written in two pieces (a Fprintf per field, a prompt then its
// value) is still masked: the Writer holds the line until it ends.
func TestWriterSplitSecret(t *testing.T) {
	s := NewSecrets()
	s.Add(testKey)
	for cut := 1; cut < len(testKey); cut++ {
		var out bytes.Buffer
		w := NewWriter(&out, s, Options{})
		w.Write([]byte("key " + testKey[:cut]))
		if out.Len() != 0 {
			t.Fatalf("cut %d: an unfinished line was written: %q", cut, out.String())
		}
		w.Write([]byte(testKey[cut:] + " end\nnext " + testKey[:cut]))
		w.Write([]byte(testKey[cut:]))
		w.Flush()
		if got, want := out.String(), "key sk-t****cdef end\nnext sk-t****cdef"; got != want {
			t.Fatalf("cut %d: got %q, want %q", cut, got, want)
		}
	}
}

// Secrets nobody registered are masked too when they look like keys or
// tokens, and so are URL credentials; JSON output is masked as text is.
func TestWriterMasks(t *testing.T) {
	s := NewSecrets()
	odd := "Zq7-canary-0123456789abcdefXY"
	s.Add(odd, `quote"d<key>&0123456789`)
	var out bytes.Buffer
	w := NewWriter(&out, s, Options{})
	for _, line := range []string{
		"line 3: ghp_0123456789abcdefghijABCDEFGHIJ0123 is not NAME=value",
		"sk_live_0123456789abcdef and " + testKey,
		"http://user:hunter22@host/api?api_key=abc123456",
		`{"key": "` + odd + `", "other": "quote\"d\u003ckey\u003e\u00260123456789"}`,
	} {
		fmt.Fprintln(w, line)
	}
	w.Flush()
	for _, leak := range []string{"ghp_0123456789abcdefghij", "sk_live_0123456789abcdef", testKey, "hunter22", "abc123456", odd, `quote\"d\u003ckey`} {
		if strings.Contains(out.String(), leak) {
			t.Errorf("%q shows in:\n%s", leak, out.String())
		}
	}
}

// stdout's unfinished line (a prompt) is written before stderr's next
// line, as an unbuffered pair would show them.
func TestPairOrder(t *testing.T) {
	var both bytes.Buffer
	o, e := Pair(&both, &both, nil, Options{}, Options{})
	fmt.Fprint(o, "continue? ")
	fmt.Fprintln(e, "keydoctor: error: no")
	fmt.Fprintln(o, "done")
	o.Flush()
	e.Flush()
	if got := both.String(); got != "continue? keydoctor: error: no\ndone\n" {
		t.Errorf("got %q", got)
	}
}

func TestValidText(t *testing.T) {
	for in, want := range map[string]string{"gpt-4o": "", "模型-1": "", "gpt\x1b[2J": `\x1b`, "a\u202eb": `\u202e`, "a\nb": `\x0a`, "a\xffb": `\xff`} {
		if got := ValidText(in); got != want {
			t.Errorf("ValidText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSecretsConcurrent(t *testing.T) {
	s := NewSecrets()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				s.Add(fmt.Sprintf("secret-%d-%08d", g, i%10))
				_ = Redact("text", s.List()...)
			}
		}()
	}
	wg.Wait()
	l := s.List()
	if len(l) != 80 {
		t.Fatalf("%d secrets, want 80", len(l))
	}
	var nilSet *Secrets
	nilSet.Add(testKey)
	if nilSet.List() != nil {
		t.Fatal("a nil set lists something")
	}
}

func TestAddEnviron(t *testing.T) {
	s := NewSecrets()
	s.AddEnviron([]string{"AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG", "GITHUB_TOKEN=ghx_0123456789", "TAOTOKEN_MODEL=claude-sonnet-4-5",
		"KEYDOCTOR_MODEL=gpt-4o-mini-long", "KEYDOCTOR_KEY_ENV=OPENAI_API_KEY", "OPENAI_BASE_URL=https://u:p@h/v1", "PWD=/home/someone/project"})
	if got := strings.Join(s.List(), " "); got != "wJalrXUtnFEMI/K7MDENG ghx_0123456789" {
		t.Errorf("registered %q", got)
	}
}

// TestWriterProperty: whatever bytes go through the Writer (random ones,
// and random mixes of the hostile strings), nothing a terminal acts on
// comes out but keydoctor's own: no byte below 0x20 but \n and \t (and \r
// before \n, or with Redraw), no DEL, no C1 control, no bidi override, no
// invalid UTF-8, ESC only to start a colour sequence (with Colour) or an
// erase-line (with Redraw).
func TestWriterProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"\x1b", "[", "2J", "31m", "m", "K", "\r", "\n", "\t", "\x07", "\u202e", "\u0085", "\x9b", "\xe2\x80", "é", "a"}
	for _, h := range hostile {
		pieces = append(pieces, h.in)
	}
	for i := range 20000 {
		var in []byte
		switch i % 2 {
		case 0:
			in = make([]byte, r.IntN(64))
			for j := range in {
				in[j] = byte(r.UintN(256))
			}
		default:
			for range r.IntN(12) {
				in = append(in, pieces[r.IntN(len(pieces))]...)
			}
		}
		o := Options{Colour: i%3 == 0, Redraw: i%5 == 0}
		var out bytes.Buffer
		w := NewWriter(&out, nil, o)
		for len(in) > 0 { // in random pieces, as Fprintf calls write
			n := 1 + r.IntN(len(in))
			w.Write(in[:n])
			in = in[n:]
		}
		w.Flush()
		if msg := terminalSafe(out.String(), o); msg != "" {
			t.Fatalf("%+v: %s in %q", o, msg, out.String())
		}
	}
}

// FuzzWriter: the property above for any input.
func FuzzWriter(f *testing.F) {
	for _, h := range hostile {
		f.Add([]byte(h.in), uint8(0))
	}
	f.Add([]byte("\x1b[1;31merror:\x1b[0m\r\x1b[K\r\n"), uint8(3))
	f.Fuzz(func(t *testing.T, in []byte, mode uint8) {
		o := Options{Colour: mode&1 != 0, Redraw: mode&2 != 0}
		var out bytes.Buffer
		w := NewWriter(&out, nil, o)
		w.Write(in)
		w.Flush()
		if msg := terminalSafe(out.String(), o); msg != "" {
			t.Fatalf("%+v: %s in %q", o, msg, out.String())
		}
	})
}

var sgrSeq, elSeq = regexp.MustCompile(`^\x1b\[(?:(?:0*(?:[0-4]|2[234]|39|3[0-7]|9[0-7]))?;)*(?:0*(?:[0-4]|2[234]|39|3[0-7]|9[0-7]))?m`), regexp.MustCompile(`^\x1b\[[0-2]?K`)

// terminalSafe says what in s a terminal would act on beyond o allows.
func terminalSafe(s string, o Options) string {
	if !utf8.ValidString(s) {
		return "invalid UTF-8"
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n' || c == '\t':
		case c == '\r':
			if !o.Redraw && (i+1 >= len(s) || s[i+1] != '\n') {
				return fmt.Sprintf("a lone CR at %d", i)
			}
		case c == 0x1b:
			sgr, el := sgrSeq.FindString(s[i:]), elSeq.FindString(s[i:])
			switch {
			case o.Colour && sgr != "":
				i += len(sgr) - 1
			case o.Redraw && el != "":
				i += len(el) - 1
			default:
				return fmt.Sprintf("ESC at %d", i)
			}
		case c < 0x20 || c == 0x7f:
			return fmt.Sprintf("control %#x at %d", c, i)
		}
	}
	for _, r := range s {
		if r >= 0x80 && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 {
			return fmt.Sprintf("%U", r)
		}
	}
	return ""
}

// BenchmarkWriter: a doctor report's worth of lines (2 KiB, a URL and a
// key among them) through the writer with 20 registered secrets.
func BenchmarkWriter(b *testing.B) {
	s := NewSecrets()
	for i := range 20 {
		s.Add(fmt.Sprintf("sk-test-%016d", i))
	}
	line := "  warning triple-drift: Claude Code uses model \"gpt-4o\" (~/.claude/settings.json:5), key sk-test-0000000000000003 at https://u:p@h/api\n"
	text := []byte(strings.Repeat(line, 2048/len(line)+1))
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		w := NewWriter(io.Discard, s, Options{Colour: true})
		w.Write(text)
		w.Flush()
	}
}
