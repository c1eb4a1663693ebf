package doctor

import (
	"fmt"
	"io"
	"strings"
)

// WriteFixes writes the numbered fix list of fs under title, grouped and
// ordered as the report's own list (one root cause, one numbered fix):
// `doctor --fix` lists this way the fixes it does not apply. Nothing is
// written when no finding has a fix.
func WriteFixes(w io.Writer, fs []Finding, title string) error {
	fixes := fixList(fs)
	if len(fixes) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s\n", title)
	for n, fx := range fixes {
		f := fs[fx.findings[0]]
		fmt.Fprintf(&b, "  %d. %-7s %s\n", n+1, f.Status, fx.fix)
		fmt.Fprintf(&b, "     (%s; keydoctor explain %s)\n", fx.about(fs), f.Code)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
