package redact

import (
	"bytes"
	"io"
	"strings"
	"sync"
)

// Options say which of keydoctor's own controls (marked, own.go) a
// Writer writes; one not allowed is dropped. Anything else that a
// terminal would act on is escaped (escape.go), whatever the Options.
type Options struct {
	// Colour writes the run's Style sequences: on when the run colours
	// its output (--color, a terminal).
	Colour bool
	// Redraw writes ClearLine: the progress lines redrawn in place on a
	// terminal's stderr.
	Redraw bool
}

// maxLine is how much a Writer holds waiting for a line's end before it
// writes anyway (a secret split across that boundary is then not found).
const maxLine = 64 << 10

// Writer is the one writer a run's output goes through: it masks every
// secret of its Secrets set and every URL credential (Redact), and key-
// and token-shaped words nobody registered (MaskTokens), and escapes
// control bytes (Options). It holds output until a line ends, so that a
// secret written in two pieces is still found: a prompt, a progress line
// and the end of the run call Flush. It is safe for concurrent use.
type Writer struct {
	mu      *sync.Mutex // shared with its sibling
	out     io.Writer
	secrets *Secrets
	p       policy
	buf     []byte
	sibling *Writer
	err     error
}

// NewWriter wraps w.
func NewWriter(w io.Writer, s *Secrets, o Options) *Writer {
	return &Writer{mu: new(sync.Mutex), out: w, secrets: s, p: policy{lines: true, colour: o.Colour, redraw: o.Redraw}}
}

// Pair wraps a run's stdout and stderr so that their lines keep their
// order: before either writes, the other's unfinished line (a prompt, a
// progress line) is written first.
func Pair(stdout, stderr io.Writer, s *Secrets, out, errs Options) (*Writer, *Writer) {
	o, e := NewWriter(stdout, s, out), NewWriter(stderr, s, errs)
	e.mu = o.mu
	o.sibling, e.sibling = e, o
	return o, e
}

// Write holds p's unfinished last line and writes the lines before it,
// masked and escaped.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	end := bytes.LastIndexByte(w.buf, '\n') + 1
	if len(w.buf) > maxLine {
		end = len(w.buf)
	}
	if end > 0 {
		w.emit(end)
	}
	return len(p), w.err
}

// Flush writes the unfinished line too.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.emit(len(w.buf))
	return w.err
}

// Unwrap is the writer underneath, to ask whether it is a terminal and
// for the setup wizard, which draws the screen itself (what a gateway
// chose in its options goes through Untrusted).
func (w *Writer) Unwrap() io.Writer { return w.out }

// emit writes the sibling's unfinished line, then buf[:n] (w.mu held).
func (w *Writer) emit(n int) {
	if s := w.sibling; s != nil && len(s.buf) > 0 {
		s.write(len(s.buf))
	}
	w.write(n)
}

// write writes buf[:n] (w.mu held).
func (w *Writer) write(n int) {
	if n == 0 {
		return
	}
	text := render(string(w.buf[:n]), w.secrets, w.p)
	w.buf = append(w.buf[:0], w.buf[n:]...)
	if _, err := io.WriteString(w.out, text); err != nil && w.err == nil {
		w.err = err
	}
}

// render is text as a Writer with policy p writes it.
func render(text string, s *Secrets, p policy) string {
	text = maskOutsideMarks(text, s.List())
	if clean(text) {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 16)
	escapeTo(&b, text, p)
	return b.String()
}

// maskOutsideMarks masks the secrets of text, and its key-shaped words,
// but not inside keydoctor's marks (own.go): a secret of digits could
// match the mark's random number and break it. No secret spans a mark: a
// style wraps whole words.
func maskOutsideMarks(text string, secrets []string) string {
	if !strings.Contains(text, mark) {
		return MaskTokens(Redact(text, secrets...))
	}
	parts := strings.Split(text, mark)
	for i, part := range parts {
		head := 0
		if i > 0 { // the mark's parameters and final byte
			head = strings.IndexFunc(part, func(r rune) bool { return (r < '0' || r > '9') && r != ';' })
			if head >= 0 && head < len(part) {
				head++
			} else {
				head = len(part)
			}
		}
		parts[i] = part[:head] + MaskTokens(Redact(part[head:], secrets...))
	}
	return strings.Join(parts, mark)
}

// Flush flushes w when it is a Writer (or anything else with a Flush
// method): call it before reading an answer to a prompt, and after
// drawing a progress line.
func Flush(w io.Writer) {
	if f, ok := w.(interface{ Flush() error }); ok {
		f.Flush()
	}
}

// Unwrap is what w writes to when it is a Writer, else w.
func Unwrap(w io.Writer) io.Writer {
	if r, ok := w.(*Writer); ok {
		return r.out
	}
	return w
}

// SetOptions changes which of keydoctor's own controls pass (the run
// knows whether it colours only once its flags are read).
func (w *Writer) SetOptions(o Options) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.p = policy{lines: true, colour: o.Colour, redraw: o.Redraw}
}
