package doctor

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/redact"

	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tool"
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
	// ProfileName names the stored profile the run resolved ("home"); ""
	// names the gateway (the report's profile name: "taotoken").
	ProfileName string
	// Tool is the one tool the report is about (doctor --tool), so it
	// names no other as not configured; "" for every tool.
	Tool string
	// Verbose lists every finding. Otherwise a tool's ok and skipped
	// findings are counted on one line, so that problems stand out, and a
	// tool that is not configured is named on one line.
	Verbose bool
	// Show lists a finding even when the report is brief (doctor --bench:
	// the numbers measured are what was asked for).
	Show func(Finding) bool
	// Quiet prints only the problems and the fixes: no title, no count of
	// what passed, no summary.
	Quiet bool
	// Width wraps lines at spaces to fit a terminal; 0 does not wrap.
	Width int
}

type palette struct{ ok, info, warn, err, skip, fail, bold, dim redact.Style }

func newPalette(on bool) palette {
	mk := func(attrs ...redact.Attr) redact.Style { return redact.NewStyle(on, attrs...) }
	return palette{mk(redact.FgGreen), mk(redact.FgCyan), mk(redact.FgYellow), mk(redact.FgRed, redact.Bold),
		mk(redact.FgHiBlack), mk(redact.FgMagenta), mk(redact.Bold), mk(redact.Faint)}
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
	if !o.Quiet {
		writeHead(&b, p, r, o)
	}
	fixes := fixList(r.Findings)
	fixNo := map[int]int{} // finding index → fix number
	for n, fx := range fixes {
		for _, i := range fx.findings {
			fixNo[i] = n + 1
		}
	}
	var unconfigured []string
	seen := map[string]bool{}
	for _, g := range groups(r.Findings) {
		seen[g.tool] = true
		if !o.Verbose && g.tool != "" && allSkipped(r.Findings, g) {
			unconfigured = append(unconfigured, g.title)
			continue
		}
		writeGroup(&b, p, r, g, fixNo, o)
	}
	if !o.Verbose && o.Tool == "" {
		// A tool no check said anything about is not configured either:
		// the line names every registered tool that is not, not only those
		// a check happened to skip.
		for _, t := range tool.All() {
			if !seen[string(t.ID)] {
				unconfigured = append(unconfigured, t.Title)
			}
		}
	}
	if !o.Quiet {
		writeSummary(&b, r, unconfigured, o.Width)
	}
	if len(fixes) > 0 {
		fmt.Fprintf(&b, "\n%s\n", p.bold.Sprint("to fix, in this order:"))
		for n, fx := range fixes {
			f := r.Findings[fx.findings[0]]
			fmt.Fprintln(&b, human.Wrap(fmt.Sprintf("  %d. %s %s", n+1, p.status(f.Status), fx.fix), o.Width, "     "))
			fmt.Fprintln(&b, human.Wrap("     "+p.dim.Sprintf("(%s; keydoctor explain %s)", fx.about(r.Findings), f.Code), o.Width, "      "))
		}
	} else if r.Failing(o.Strict) {
		fmt.Fprintln(&b, "\nsome checks failed; see above")
	} else if !o.Quiet && r.Summary.Error+r.Summary.Warning+r.Summary.Failed == 0 {
		fmt.Fprintln(&b, "\nno problems found")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeHead(b *strings.Builder, p palette, r Report, o TextOptions) {
	if o.Title != "" {
		fmt.Fprintln(b, p.bold.Sprint(o.Title))
	}
	if r.Profile.BaseURL != "" || r.Profile.Model != "" || r.Profile.Key != "" {
		name := r.Profile.Name
		if o.ProfileName != "" {
			name = o.ProfileName
		}
		fmt.Fprintln(b, human.Wrap(fmt.Sprintf("profile %s: base URL %s, model %s, key %s", name,
			orDash(r.Profile.BaseURL), orDash(r.Profile.Model), orDash(r.Profile.Key)), o.Width, "  "))
	}
}

// writeGroup prints one tool's findings: every one with --verbose; else
// the problems (and what o.Show asks for), the rest counted on one line.
// Quiet leaves out a group without problems and the counted line.
func writeGroup(b *strings.Builder, p palette, r Report, g group, fixNo map[int]int, o TextOptions) {
	var lines []string
	passed, skipped := 0, 0
	for _, i := range g.findings {
		f := r.Findings[i]
		brief := f.Status == OK || f.Status == Skipped
		if brief && !o.Verbose && (o.Show == nil || !o.Show(f)) {
			if f.Status == OK {
				passed++
			} else {
				skipped++
			}
			continue
		}
		if o.Quiet && (brief || f.Status == Info) && (o.Show == nil || !o.Show(f)) {
			continue // quiet: only what needs doing
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
		lines = append(lines, human.Wrap(line, o.Width, "          "))
		if f.Evidence != nil && (f.Status == Error || f.Status == Warning) {
			var ev strings.Builder
			writeEvidence(&ev, p, f.Evidence)
			lines = append(lines, strings.TrimSuffix(ev.String(), "\n"))
		}
	}
	if passed+skipped > 0 && !o.Quiet {
		lines = append(lines, human.Wrap("  "+p.status(OK)+" "+p.dim.Sprint(passedLine(passed, skipped)), o.Width, "          "))
	}
	if len(lines) == 0 {
		return
	}
	title := g.title
	if v := r.versionOf(g.tool); v != "" {
		title += " " + v // "Some Tool 0.24.4"
	}
	fmt.Fprintf(b, "\n%s\n%s\n", p.bold.Sprint(title), strings.Join(lines, "\n"))
}

// allSkipped: every finding of the group was skipped (a tool that is not
// configured), so a brief report names the tool on one line instead.
func allSkipped(fs []Finding, g group) bool {
	for _, i := range g.findings {
		if fs[i].Status != Skipped {
			return false
		}
	}
	return true
}

func writeSummary(b *strings.Builder, r Report, unconfigured []string, width int) {
	line := func(format string, args ...any) {
		fmt.Fprintln(b, human.Wrap(fmt.Sprintf(format, args...), width, "  "))
	}
	if len(unconfigured) > 0 {
		line("\nnot configured: %s (--verbose shows what was looked for)", strings.Join(unconfigured, ", "))
	}
	s := r.Summary
	line("\nsummary: %d ok, %d info, %d warning, %d error, %d skipped, %d failed",
		s.OK, s.Info, s.Warning, s.Error, s.Skipped, s.Failed)
	if r.Requests > 0 {
		line("cost: %s to the gateway, %s", human.Count(r.Requests, "request", "requests"), human.Count(r.Tokens, "token", "tokens"))
	}
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
	tool, title string
	findings    []int
}

// groups orders findings: those about no single tool first ("general"),
// then each tool in the tools' display order; inside a group, report order.
func groups(fs []Finding) []group {
	rank := map[string]int{"": -1}
	titles := map[string]string{"": "general"}
	all := tool.All()
	for i, t := range all {
		rank[string(t.ID)] = i
		titles[string(t.ID)] = t.Title
	}
	byTool := map[string]*group{}
	var order []string
	for i, f := range fs {
		id := string(f.Tool)
		g, ok := byTool[id]
		if !ok {
			title, known := titles[id]
			if !known {
				title = id
				rank[id] = len(all)
			}
			g = &group{tool: id, title: title}
			byTool[id] = g
			order = append(order, id)
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
