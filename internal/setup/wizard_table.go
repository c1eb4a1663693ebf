package setup

import (
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Say prints the wizard's text, each line wrapped at spaces to the
// terminal's width (Width; 0: as it is) and continued four columns in, a
// URL too long for a line on a line of its own: a
// terminal left to break a line cuts it mid-word (".../chat/comple" /
// "tions").
func (w *Wizard) Say(format string, a ...any) {
	text := strings.TrimSuffix(fmt.Sprintf(format, a...), "\n")
	for _, line := range strings.Split(text, "\n") {
		indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
		// a no-break space keeps two words on one line; printed as a space
		fmt.Fprintln(w.Out, strings.ReplaceAll(human.WrapAlone(line, w.Width, indent+"    "), "\u00a0", " "))
	}
}

// showReceive prints what each tool will receive, once, and again only
// when it changed (the base URL was typed again): the table stays above
// the questions that follow instead of being printed before each one.
// Tools that receive the same base URL and request URL share one line.
func (w *Wizard) showReceive() {
	p := w.Profile
	type row struct {
		base, request string
		titles        []string
	}
	var rows []*row
	for _, t := range tool.All() {
		if !t.Setup {
			continue
		}
		base, req := t.BaseFor(p), t.RequestURL(p.RootFor(t.Tool))
		var r *row
		for _, x := range rows {
			if x.base == base && x.request == req {
				r = x
			}
		}
		if r == nil {
			r = &row{base: base, request: req}
			rows = append(rows, r)
		}
		r.titles = append(r.titles, t.Title)
	}
	var b strings.Builder
	b.WriteString("each tool will receive (base URL -> request URL):\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "  %s: %s\u00a0-> %s\n", strings.Join(r.titles, ", "), r.base, r.request) // "->" stays with the base URL
	}
	if table := b.String(); table != w.shown {
		w.shown = table
		w.Say("%s", table)
		fmt.Fprintln(w.Out)
	}
}

// gatewayLabel is a preset as the gateway question lists it: its name and
// base URL, or only the URL's host, or only the name, whichever fits the
// terminal (an option wider than it wraps mid-URL). huh puts 4 columns
// before each option.
func (w *Wizard) gatewayLabel(title, baseURL string) string {
	for _, l := range []string{title + "  " + baseURL, title + "  " + gateway.HostOf(baseURL)} {
		if w.Width <= 0 || human.Width(l)+4 <= w.Width {
			return l
		}
	}
	return title
}

// sayNotes prints the notes on the base URL not printed yet.
func (w *Wizard) sayNotes() {
	for _, n := range w.Profile.Notes[min(w.saidNotes, len(w.Profile.Notes)):] {
		w.Say("note: %s", n.Message)
	}
	w.saidNotes = len(w.Profile.Notes)
}
