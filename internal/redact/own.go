package redact

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// keydoctor's own controls (its colours, the progress line's redraw) are
// written marked with a number drawn at random when the process starts:
// the Writer turns a marked sequence into the real one and escapes every
// other control byte, so a colour code in a model id, a .env value or a
// profile name can never pass for ours, and no caller has to escape what
// it prints. The mark is a private CSI (ESC [ = number ; … final), which
// a terminal ignores and human.Width counts as no columns, should one be
// written past a Writer.
var mark = "\x1b[=" + drawNonce() + ";"

func drawNonce() string {
	n, err := rand.Int(rand.Reader, new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil))
	if err != nil {
		panic("redact: no random number for the output mark: " + err.Error())
	}
	return fmt.Sprintf("%018d", n)
}

// Attr is an SGR attribute of keydoctor's palette.
type Attr int

// The attributes keydoctor colours with (ownAttributes lets no other
// through).
const (
	Bold      Attr = 1
	Faint     Attr = 2
	FgRed     Attr = 31
	FgGreen   Attr = 32
	FgYellow  Attr = 33
	FgMagenta Attr = 35
	FgCyan    Attr = 36
	FgHiBlack Attr = 90
)

// Style colours text with keydoctor's own attributes; the zero Style,
// and one made with on false, writes text plain.
type Style struct{ start, end string }

// NewStyle is the style of attrs when on (the run colours), else plain.
func NewStyle(on bool, attrs ...Attr) Style {
	if !on || len(attrs) == 0 {
		return Style{}
	}
	set, reset := make([]string, len(attrs)), make([]string, len(attrs))
	for i, a := range attrs {
		set[i], reset[i] = strconv.Itoa(int(a)), "0"
		if a == Bold || a == Faint {
			reset[i] = "22" // ends only the weight, as fatih/color did
		}
	}
	return Style{mark + strings.Join(set, ";") + "m", mark + strings.Join(reset, ";") + "m"}
}

// Sprint is fmt.Sprint(a...) in s.
func (s Style) Sprint(a ...any) string { return s.start + fmt.Sprint(a...) + s.end }

// Sprintf is fmt.Sprintf(format, a...) in s.
func (s Style) Sprintf(format string, a ...any) string {
	return s.start + fmt.Sprintf(format, a...) + s.end
}

// ClearLine takes the cursor back to the start of the line and erases
// it: a progress line is redrawn after it. A Writer that does not redraw
// (Options.Redraw off) drops it.
func ClearLine() string { return mark + "K" }

// ownMarked is the length of the marked sequence at the start of s, and
// what a Writer with policy p writes for it ("" when p does not allow
// it); n is 0 when s does not start with a well-formed mark.
func ownMarked(s string, p policy) (n int, real string) {
	if !strings.HasPrefix(s, mark) {
		return 0, ""
	}
	for i := len(mark); i < len(s) && i < len(mark)+32; i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9' || c == ';':
		case c == 'm' && ownAttributes(s[len(mark):i]):
			if p.colour {
				real = "\x1b[" + s[len(mark):i] + "m"
			}
			return i + 1, real
		case c == 'K' && i == len(mark):
			if p.redraw {
				real = "\r\x1b[K"
			}
			return i + 1, real
		default:
			return 0, ""
		}
	}
	return 0, ""
}
