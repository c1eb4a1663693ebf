package status

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// TextOptions say how to print: Quiet prints the problems only; Width is
// the terminal's (0: not a terminal).
type TextOptions struct {
	Quiet bool
	Width int
}

// narrow is the width under which status always prints one block per
// tool; above it, the table when it fits (about 130 to 180 columns wide
// with real paths and provider labels).
const narrow = 80

// WriteText prints each tool's triple and the problems: a table, or on a
// terminal under narrow columns a block per tool.
func WriteText(w io.Writer, doc Doc, u TextOptions) error {
	var b strings.Builder
	if u.Quiet {
		doc.Tools = nil // the problems only
	}
	writeTable(&b, doc, u)
	_, err := io.WriteString(w, b.String())
	return err
}

func writeTable(w io.Writer, doc Doc, u TextOptions) {
	writeProblems := func() {
		for _, pr := range doc.Problems {
			line := fmt.Sprintf("problem: %s: %s: %s (run 'keydoctor doctor --offline')", pr.Tool, pr.Source, pr.Message)
			fmt.Fprintln(w, human.Wrap(line, u.Width, "  "))
		}
	}
	switch {
	case u.Quiet:
	case len(doc.Tools) == 0 && len(doc.Problems) > 0:
		// A file that does not parse first: it is why nothing is configured.
		writeProblems()
		fmt.Fprintln(w, "no tool is configured for a gateway: fix the file above, or run 'keydoctor setup'")
		return
	case len(doc.Tools) == 0:
		fmt.Fprintln(w, "no tool is configured for a gateway; run 'keydoctor setup'")
	default:
		// The table when it fits the terminal (or there is none: a pipe
		// keeps one line per part); else a block per tool, wrapped.
		var table strings.Builder
		writeWide(&table, doc)
		if u.Width > 0 && (u.Width < narrow || widest(table.String()) > u.Width) {
			writeBlocks(w, doc, u.Width)
		} else {
			io.WriteString(w, table.String())
		}
	}
	var on []string
	for _, t := range doc.Tools {
		if t.Profile != "" {
			on = append(on, t.Label+": "+t.Profile)
		}
	}
	if !u.Quiet && (len(on) > 0 || doc.DefaultProfile != "") {
		fmt.Fprintln(w, human.Wrap(fmt.Sprintf("profiles: %s (default profile: %s)", Dash(strings.Join(on, ", ")), OrNone(doc.DefaultProfile)), u.Width, "  "))
	}
	writeProblems()
}

// part is one part of a triple, named.
type part struct {
	name string
	v    Value
}

// parts are the parts of a tool's triple, in print order.
func parts(t Tool) []part {
	ps := []part{{"base URL", t.BaseURL}, {"key", t.Key}, {"model", t.Model}}
	if t.BackgroundModel != nil {
		ps = append(ps, part{"background model", *t.BackgroundModel})
	}
	for _, h := range t.Headers {
		ps = append(ps, part{"header", Value{Value: h.Name + ": " + h.Value, Source: h.Source, Key: h.Key}})
	}
	return ps
}

// writeWide prints one row per part of each tool's triple; the values a
// part shadows follow it, marked "shadows".
func writeWide(w io.Writer, doc Doc) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tPART\tVALUE\tSOURCE")
	for _, t := range doc.Tools {
		label := Titled(t.Tool, t.Label, t.Version)
		if row, ok := routeRow(t); ok {
			fmt.Fprintf(tw, "%s\t%s\n", label, row)
			label = ""
		}
		for _, part := range parts(t) {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", label, part.name, Dash(part.v.Value), Dash(describe(part.v)))
			label = ""
			for _, ov := range part.v.Overrides {
				fmt.Fprintf(tw, "\t  shadows\t%s\t%s\n", Dash(ov.Value), describe(ov))
			}
		}
		if row, ok := requestRow(t); ok {
			fmt.Fprintf(tw, "\t%s\n", row)
		}
		if row, ok := routerRow(t); ok {
			fmt.Fprintf(tw, "\t%s\n", row)
		}
	}
	tw.Flush()
}

// writeBlocks is the narrow layout: the tool on its own line, each part's
// value beside its name, the source and what it shadows below, wrapped at
// spaces to the width.
func writeBlocks(w io.Writer, doc Doc, width int) {
	const indent = "            "
	line := func(s string) { fmt.Fprintln(w, human.Wrap(s, width, indent)) }
	for i, t := range doc.Tools {
		if i > 0 {
			fmt.Fprintln(w)
		}
		line(Titled(t.Tool, t.Label, t.Version))
		if t.Route != nil && t.Route.Kind != string(discover.RouteGateway) {
			line(fmt.Sprintf("  %-9s %s", "route", t.Route.Title))
			if src := describe(Value{Source: t.Route.Source, Key: t.Route.Key}); src != "" {
				line(indent + "from " + src)
			}
		}
		for _, part := range parts(t) {
			line(fmt.Sprintf("  %-9s %s", part.name, Dash(part.v.Value)))
			if src := describe(part.v); src != "" {
				line(indent + "from " + src)
			}
			for _, ov := range part.v.Overrides {
				line(indent + "shadows " + Dash(ov.Value) + " from " + describe(ov))
			}
		}
		if t.Request != nil {
			// The URL has no space to wrap at: it gets a line of its own.
			line(fmt.Sprintf("  %-9s POST, key in %s", "request", Dash(t.Request.AuthHeader)))
			line("    " + t.Request.URL)
		}
		if r := t.Router; r != nil {
			line(fmt.Sprintf("  %-9s %s at %s", "router", r.Title, r.Addr))
			line(indent + routerWhere(r))
		}
	}
}

// describe is a source with the key inside the file.
func describe(v Value) string {
	if v.Source == "" || v.Default || strings.HasPrefix(v.Source, "$") || v.Key == "" {
		return v.Source
	}
	return v.Source + " (" + v.Key + ")"
}

// Dash is a value as a table shows it: "-" when empty. A tool's file or
// a repository's .env chose it: the run's writer escapes its controls.
func Dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// OrNone is s, or "none" when it is empty.
func OrNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// Titled is a tool's label with its version after the tool's title
// ("Some Tool 0.24.4", "Some Tool 1.18.33 (provider taotoken)").
func Titled(id, label, version string) string {
	if version == "" {
		return label
	}
	if t, ok := tool.Lookup(id); ok {
		if rest, ok := strings.CutPrefix(label, t.Title); ok {
			return t.Title + " " + version + rest
		}
	}
	return label + " " + version
}

// widest is the width of the longest line of s, in terminal columns.
func widest(s string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		n = max(n, human.Width(l))
	}
	return n
}
