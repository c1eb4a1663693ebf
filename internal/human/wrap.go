package human

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// Wrap breaks s into lines of at most width columns at spaces, the lines
// after the first starting with indent. Colour escapes take no room and
// wide (CJK) characters two columns. A word longer than a line stays
// whole where it is: breaking a URL or a path would make it useless to
// copy, and moving it down would leave a lone word. Width 0 or less leaves
// s as it is (not a terminal).
func Wrap(s string, width int, indent string) string {
	return wrap(s, width, indent, false)
}

// WrapAlone is Wrap, but a word longer than a line gets a line of its own:
// for text whose words are mostly URLs ("base -> request URL"), where a
// long URL left after other words makes a line the terminal cuts in the
// middle of the words before it too.
func WrapAlone(s string, width int, indent string) string {
	return wrap(s, width, indent, true)
}

func wrap(s string, width int, indent string, alone bool) string {
	if width <= 0 || Width(s) <= width {
		return s
	}
	var b strings.Builder
	col, room := 0, width
	for i, word := range strings.Split(s, " ") {
		w := Width(word)
		switch {
		case i == 0:
		case col+1+w > room && col > Width(indent) && (alone || Width(indent)+w <= room):
			b.WriteString("\n" + indent)
			col = Width(indent)
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += w
	}
	return b.String()
}

// Width is how many terminal columns s takes: colour escapes take none,
// wide characters two.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == '\x1b' {
			i = skipEscape(s, i)
			continue
		}
		if c := s[i]; c >= 0x20 && c < 0x7f { // printable ASCII: most of it, one column
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n += runewidth.RuneWidth(r)
		i += size
	}
	return n
}

// skipEscape returns the index after the CSI sequence (ESC [ … letter)
// that starts at i.
func skipEscape(s string, i int) int {
	j := i + 1
	if j < len(s) && s[j] == '[' {
		j++
		for j < len(s) && (s[j] < '@' || s[j] > '~') {
			j++
		}
		return min(j+1, len(s))
	}
	return j
}

// WrapWriter wraps each line written to it at spaces to width (Wrap), the
// lines after the first of each starting with indent: the column a
// report's values start at. A line may come in several writes: it is
// held until its newline, so Flush writes what is left of a last line
// without one. Width 0 or less passes the bytes through (not a terminal).
func WrapWriter(w io.Writer, width int, indent string) *LineWrapper {
	return &LineWrapper{w: w, width: width, indent: indent}
}

// LineWrapper is WrapWriter's writer.
type LineWrapper struct {
	w       io.Writer
	width   int
	indent  string
	pending string // a line without its newline yet
}

func (w *LineWrapper) Write(p []byte) (int, error) {
	if w.width <= 0 {
		return w.w.Write(p)
	}
	s := w.pending + string(p)
	end := strings.LastIndexByte(s, '\n') + 1
	w.pending = s[end:]
	var b strings.Builder
	for _, l := range strings.SplitAfter(s[:end], "\n") {
		if body, ok := strings.CutSuffix(l, "\n"); ok {
			b.WriteString(Wrap(body, w.width, w.indent) + "\n")
		}
	}
	if _, err := io.WriteString(w.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes a last line that has no newline.
func (w *LineWrapper) Flush() error {
	if w.pending == "" {
		return nil
	}
	_, err := io.WriteString(w.w, Wrap(w.pending, w.width, w.indent))
	w.pending = ""
	return err
}
