package doctor

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/fatih/color"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tools"
)

// TextOptions tune WriteText.
type TextOptions struct {
	// Color turns on ANSI colours (the command decides: --color, NO_COLOR,
	// whether stdout is a terminal).
	Color bool
	// Title is the first line, e.g. "keydoctor doctor --offline".
	Title string
	// Strict marks warnings as failing in the closing line.
	Strict bool
	// Secrets are redacted from every line as a last line of defence
	// (findings are built masked already).
	Secrets []string
	// Verbose lists every finding. Otherwise a tool's ok and skipped
	// findings are counted on one line, so that problems stand out.
	Verbose bool
}

type palette struct{ ok, info, warn, err, skip, fail, bold, dim *color.Color }

func newPalette(on bool) palette {
	mk := func(attrs ...color.Attribute) *color.Color {
		c := color.New(attrs...)
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c
	}
	return palette{mk(color.FgGreen), mk(color.FgCyan), mk(color.FgYellow), mk(color.FgRed, color.Bold),
		mk(color.FgHiBlack), mk(color.FgMagenta), mk(color.Bold), mk(color.Faint)}
}

func (p palette) status(s Status) string {
	label := fmt.Sprintf("%-7s", s.String())
	switch s {
	case OK:
		return p.ok.Sprint(label)
	case Info:
		return p.info.Sprint(label)
	case Warning:
		return p.warn.Sprint(label)
	case Error:
		return p.err.Sprint(label)
	case Skipped:
		return p.skip.Sprint(label)
	default:
		return p.fail.Sprint(label)
	}
}

// WriteText prints the report for people: findings grouped by tool (the
// ones about no single tool first), each with its status; a summary; and
// a closing "to fix" list, numbered in the order to do the fixes.
func WriteText(w io.Writer, r Report, o TextOptions) error {
	p := newPalette(o.Color)
	var b strings.Builder
	if o.Title != "" {
		fmt.Fprintln(&b, p.bold.Sprint(o.Title))
	}
	if r.Profile.BaseURL != "" || r.Profile.Model != "" || r.Profile.Key != "" {
		fmt.Fprintf(&b, "profile %s: base URL %s, model %s, key %s\n", r.Profile.Name,
			orDash(r.Profile.BaseURL), orDash(r.Profile.Model), orDash(r.Profile.Key))
	}
	fixes := fixList(r.Findings)
	fixNo := map[int]int{} // finding index → fix number
	for n, fx := range fixes {
		for _, i := range fx.findings {
			fixNo[i] = n + 1
		}
	}
	for _, g := range groups(r.Findings) {
		fmt.Fprintf(&b, "\n%s\n", p.bold.Sprint(g.title))
		passed, skipped := 0, 0
		for _, i := range g.findings {
			f := r.Findings[i]
			if !o.Verbose && (f.Status == OK || f.Status == Skipped) {
				if f.Status == OK {
					passed++
				} else {
					skipped++
				}
				continue
			}
			line := "  " + p.status(f.Status) + " "
			if f.Code != "" && f.Status != OK {
				line += string(f.Code) + ": "
			}
			line += f.Message
			if f.Source != "" && f.Status != OK && !strings.Contains(f.Message, f.Source) {
				line += p.dim.Sprintf(" [%s]", f.Source)
			}
			if n, ok := fixNo[i]; ok {
				line += p.dim.Sprintf(" (fix %d)", n)
			}
			fmt.Fprintln(&b, line)
			if f.Evidence != nil && (f.Status == Error || f.Status == Warning) {
				writeEvidence(&b, p, f.Evidence)
			}
		}
		if passed+skipped > 0 {
			fmt.Fprintln(&b, "  "+p.status(OK)+" "+p.dim.Sprint(passedLine(passed, skipped)))
		}
	}
	s := r.Summary
	fmt.Fprintf(&b, "\nsummary: %d ok, %d info, %d warning, %d error, %d skipped, %d failed\n",
		s.OK, s.Info, s.Warning, s.Error, s.Skipped, s.Failed)
	if r.Requests > 0 {
		fmt.Fprintf(&b, "cost: %d requests to the gateway, %d tokens\n", r.Requests, r.Tokens)
	}
	if len(fixes) > 0 {
		fmt.Fprintf(&b, "\n%s\n", p.bold.Sprint("to fix, in this order:"))
		for n, fx := range fixes {
			f := r.Findings[fx.findings[0]]
			fmt.Fprintf(&b, "  %d. %s %s\n", n+1, p.status(f.Status), fx.fix)
			fmt.Fprintf(&b, "     %s\n", p.dim.Sprintf("(%s; keydoctor explain %s)", fx.about(r.Findings), f.Code))
		}
	} else if r.Failing(o.Strict) {
		fmt.Fprintln(&b, "\nsome checks failed; see above")
	}
	_, err := io.WriteString(w, gateway.Redact(b.String(), o.Secrets...))
	return err
}

// passedLine sums up the findings a brief report does not list.
func passedLine(passed, skipped int) string {
	line := fmt.Sprintf("%d %s passed", passed, human.Plural(passed, "check", "checks"))
	if skipped > 0 {
		line += fmt.Sprintf(", %d skipped", skipped)
	}
	return line + " (--verbose lists them)"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

type group struct {
	title    string
	findings []int
}

// groups orders findings: those about no single tool first ("general"),
// then each tool in the tools' display order; inside a group, report order.
func groups(fs []Finding) []group {
	rank := map[string]int{"": -1}
	titles := map[string]string{"": "general"}
	all := tools.All()
	for i, t := range all {
		rank[string(t.ID)] = i
		titles[string(t.ID)] = t.Title
	}
	byTool := map[string]*group{}
	var order []string
	for i, f := range fs {
		g, ok := byTool[f.Tool]
		if !ok {
			title, known := titles[f.Tool]
			if !known {
				title = f.Tool
				rank[f.Tool] = len(all)
			}
			g = &group{title: title}
			byTool[f.Tool] = g
			order = append(order, f.Tool)
		}
		g.findings = append(g.findings, i)
	}
	sort.SliceStable(order, func(i, j int) bool { return rank[order[i]] < rank[order[j]] })
	out := make([]group, 0, len(order))
	for _, t := range order {
		out = append(out, *byTool[t])
	}
	return out
}
