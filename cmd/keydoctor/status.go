package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/spf13/cobra"
)

type statusOptions struct {
	JSON    bool
	Project string
	Tool    string
	UI      ui
	profile profileFlags
	Env     *env.Env
	Out     io.Writer
}

func newStatusCmd(e *env.Env) *cobra.Command {
	o := &statusOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "status",
		Short: "show each tool's effective base URL, key (masked) and model, and where each came from",
		Long: `status reads every place each tool takes its base URL, key and model from and
prints, per tool, the value the tool will use and its source (file:line or
$VARIABLE), followed by the values it shadows. Keys are masked. For Claude
Code it also shows the background model (ANTHROPIC_DEFAULT_HAIKU_MODEL, or
Claude Code's built-in default when nothing sets it), which goes through the
same gateway.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			o.Out, o.UI = c.OutOrStdout(), uiFrom(c.Context())
			return runStatus(o)
		},
	}
	addJSONFlag(cmd.Flags(), &o.JSON, schemaStatus)
	cmd.Flags().StringVar(&o.Project, "project", ".", "project directory (its .env and .claude/ settings)")
	cmd.Flags().StringVar(&o.Tool, "tool", "", "only this tool ("+toolNames(nil)+")")
	o.profile.add(cmd.Flags())
	return cmd
}

// statusValue is one part of a triple as status prints it.
type statusValue struct {
	Value     string        `json:"value"`
	Source    string        `json:"source"`
	Key       string        `json:"key,omitempty"` // the key inside the file, or the variable
	Default   bool          `json:"default,omitempty"`
	Overrides []statusValue `json:"overrides,omitempty"`
}

type statusTool struct {
	Tool    string      `json:"tool"`
	Label   string      `json:"label"`
	BaseURL statusValue `json:"base_url"`
	Key     statusValue `json:"key"`
	Model   statusValue `json:"model"`
	// BackgroundModel is Claude Code's: the model of its background
	// requests, set or its built-in default (default: true).
	BackgroundModel *statusValue `json:"background_model,omitempty"`
	// Route is where the requests really go; Request what a tool on the
	// gateway route sends (URL, header of the key).
	Route   *statusRoute   `json:"route,omitempty"`
	Request *statusRequest `json:"request,omitempty"`
	// Profile is the stored profile the tool matches (base URL, model,
	// key), "none" when it matches none; omitted without profiles.
	Profile string `json:"profile,omitempty"`
}

type statusDoc struct {
	Schema   string         `json:"schema"`
	Tools    []statusTool   `json:"tools"`
	Problems []statusIssue  `json:"problems"`
	Profile  gateway.Public `json:"profile"`
	// DefaultProfile is the stored profile commands fall back to.
	DefaultProfile string `json:"default_profile,omitempty"`
}

type statusIssue struct {
	Tool    string `json:"tool"`
	Source  string `json:"source"`
	Message string `json:"message"`
}

func runStatus(o *statusOptions) error {
	if o.Tool != "" {
		id, err := parseTool(o.Tool)
		if err != nil {
			return err
		}
		o.Tool = string(id)
	}
	if err := checkProject(o.Project); err != nil {
		return err
	}
	p, err := o.profile.loadIn(o.Env, o.Project)
	if err != nil {
		return err
	}
	e := o.Env
	snap := discover.Discover(e, discover.OptionsFor(p, o.Project))
	doc := statusDoc{Schema: schemaStatus, Tools: []statusTool{}, Problems: []statusIssue{}, Profile: p.Public()}
	for _, t := range append(snap.Tools, snap.Elsewhere...) {
		if o.Tool != "" && string(t.ID) != o.Tool {
			continue
		}
		st := statusTool{Tool: string(t.ID), Label: t.Label,
			BaseURL: toStatus(e, t.Base, t.Places.Base, false), Key: toStatus(e, t.Key, t.Places.Key, true),
			Model: toStatus(e, t.Model, t.Places.Model, false), Route: routeOf(e, t), Request: requestOf(t)}
		if bg := t.Background(); bg.Set() {
			v := toStatus(e, bg, discover.Source{}, false)
			st.BackgroundModel = &v
		}
		doc.Tools = append(doc.Tools, st)
	}
	set := profileSet(e, nil)
	if set != nil {
		doc.DefaultProfile = set.Default
		for _, t := range snap.Tools {
			for j := range doc.Tools {
				if doc.Tools[j].Label == t.Label && len(set.Resolved) > 0 {
					doc.Tools[j].Profile = orNone(profile.Match(set.Resolved, profile.Triple{Root: t.Base.Value, Model: t.Model.Value, Key: t.Key.Value}))
				}
			}
		}
	}
	for _, pr := range snap.Problems {
		if o.Tool == "" || pr.Tool == o.Tool {
			doc.Problems = append(doc.Problems, statusIssue{pr.Tool, pr.At(e), pr.Message})
		}
	}
	if o.JSON {
		return writeJSON(o.Out, doc)
	}
	var b strings.Builder
	if o.UI.Quiet {
		doc.Tools = nil // the problems only
	}
	writeStatusTable(&b, doc, o.UI)
	_, err = io.WriteString(o.Out, b.String())
	return err
}

// toStatus is a value as printed; an unset one names where it belongs.
func toStatus(e *env.Env, v discover.Value, place discover.Source, secret bool) statusValue {
	show := v.Value
	if secret {
		show = redact.Mask(v.Value)
	}
	sv := statusValue{Value: show, Source: v.Source.Display(e), Key: v.Source.Key, Default: v.Source.Default}
	if !v.Set() {
		sv.Source, sv.Key = "not set", ""
		if place.Key != "" {
			sv.Source = "not set (" + place.Where(e) + ")"
		}
	}
	for _, ov := range v.Overrides {
		sv.Overrides = append(sv.Overrides, toStatus(e, ov, discover.Source{}, secret))
	}
	return sv
}

// narrowStatus is the width under which status prints one block per tool
// instead of the table (about 130 columns wide with real paths).
const narrowStatus = 80

// writeStatusTable prints each tool's triple and the problems: a table,
// or on a terminal under narrowStatus columns a block per tool.
func writeStatusTable(w io.Writer, doc statusDoc, u ui) {
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
	case u.Width > 0 && u.Width < narrowStatus:
		writeStatusBlocks(w, doc, u.Width)
	default:
		writeStatusWide(w, doc)
	}
	var on []string
	for _, t := range doc.Tools {
		if t.Profile != "" {
			on = append(on, t.Label+": "+t.Profile)
		}
	}
	if !u.Quiet && (len(on) > 0 || doc.DefaultProfile != "") {
		fmt.Fprintf(w, "profiles: %s (default profile: %s)\n", dash(strings.Join(on, ", ")), orNone(doc.DefaultProfile))
	}
	writeProblems()
}

// statusParts are the three parts of a triple, in print order.
func statusParts(t statusTool) []struct {
	name string
	v    statusValue
} {
	parts := []struct {
		name string
		v    statusValue
	}{{"base URL", t.BaseURL}, {"key", t.Key}, {"model", t.Model}}
	if t.BackgroundModel != nil {
		parts = append(parts, struct {
			name string
			v    statusValue
		}{"background model", *t.BackgroundModel})
	}
	return parts
}

// writeStatusWide prints one row per part of each tool's triple; the
// values a part shadows follow it, marked "shadows".
func writeStatusWide(w io.Writer, doc statusDoc) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tPART\tVALUE\tSOURCE")
	for _, t := range doc.Tools {
		label := t.Label
		if row, ok := routeRow(t); ok {
			fmt.Fprintf(tw, "%s\t%s\n", label, row)
			label = ""
		}
		for _, part := range statusParts(t) {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", label, part.name, dash(part.v.Value), dash(describe(part.v)))
			label = ""
			for _, ov := range part.v.Overrides {
				fmt.Fprintf(tw, "\t  shadows\t%s\t%s\n", dash(ov.Value), describe(ov))
			}
		}
		if row, ok := requestRow(t); ok {
			fmt.Fprintf(tw, "\t%s\n", row)
		}
	}
	tw.Flush()
}

// writeStatusBlocks is the narrow layout: the tool on its own line, each
// part's value beside its name, the source and what it shadows below,
// wrapped at spaces to the width.
func writeStatusBlocks(w io.Writer, doc statusDoc, width int) {
	const indent = "            "
	line := func(s string) { fmt.Fprintln(w, human.Wrap(s, width, indent)) }
	for i, t := range doc.Tools {
		if i > 0 {
			fmt.Fprintln(w)
		}
		line(t.Label)
		if t.Route != nil && t.Route.Kind != string(discover.RouteGateway) {
			line(fmt.Sprintf("  %-9s %s", "route", t.Route.Title))
			if src := describe(statusValue{Source: t.Route.Source, Key: t.Route.Key}); src != "" {
				line(indent + "from " + src)
			}
		}
		for _, part := range statusParts(t) {
			line(fmt.Sprintf("  %-9s %s", part.name, dash(part.v.Value)))
			if src := describe(part.v); src != "" {
				line(indent + "from " + src)
			}
			for _, ov := range part.v.Overrides {
				line(indent + "shadows " + dash(ov.Value) + " from " + describe(ov))
			}
		}
		if t.Request != nil {
			// The URL has no space to wrap at: it gets a line of its own.
			line(fmt.Sprintf("  %-9s POST, key in %s", "request", dash(t.Request.AuthHeader)))
			line("    " + t.Request.URL)
		}
	}
}

// describe is a source with the key inside the file.
func describe(v statusValue) string {
	if v.Source == "" || v.Default || strings.HasPrefix(v.Source, "$") || v.Key == "" {
		return v.Source
	}
	return v.Source + " (" + v.Key + ")"
}

// dash is a value as a table shows it: "-" when empty, escaped
// (redact.Untrusted) since a tool's file or a repository's .env chose it,
// so that its columns stay aligned and no control reaches the terminal.
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return redact.Untrusted(s)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
