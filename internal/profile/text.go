package profile

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// WriteText prints 'profile list': a table of the profiles, the default
// one starred, or how to save one when there is none.
func (d ListDoc) WriteText(w io.Writer) {
	if len(d.Profiles) == 0 {
		fmt.Fprintln(w, "no profiles yet: 'keydoctor profile add NAME' or 'keydoctor setup' saves one")
		return
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "\tNAME\tGATEWAY\tMODEL\tKEY\tTOOLS")
	for _, v := range d.Profiles {
		mark := map[bool]string{true: "*", false: ""}[v.Default]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", mark, v.Name, orDash(v.BaseURL)+RootsText(v.Roots), orDash(v.Model), orDash(v.Key), orDash(strings.Join(v.Tools, ",")))
	}
	tw.Flush()
	fmt.Fprint(w, b.String())
}

// WriteText prints 'profile show'; keyWhere says where its key is kept
// ((*Store).KeyWhere).
func (v View) WriteText(w io.Writer, keyWhere string) {
	var b strings.Builder
	fmt.Fprintf(&b, "name              %s%s\n", v.Name, map[bool]string{true: " (default)"}[v.Default])
	fmt.Fprintf(&b, "preset            %s\ngateway           %s\n", v.Preset, orDash(v.BaseURL))
	for _, f := range gateway.Families {
		if r := v.Roots[string(f)]; r != "" {
			fmt.Fprintf(&b, "%-18s%s\n", string(f)+" root", r)
		}
	}
	fmt.Fprintf(&b, "model             %s\n", orDash(v.Model))
	fmt.Fprintf(&b, "background model  %s\nkey               %s\n", orDash(v.BackgroundModel), keyWhere)
	fmt.Fprintf(&b, "used by           %s\n", orDash(strings.Join(v.Tools, ", ")))
	fmt.Fprint(w, b.String())
}

// RootsText is a profile's own roots as a suffix of its base URL:
// " (anthropic https://api.deepseek.com/anthropic)", "" for none.
func RootsText(roots map[string]string) string {
	var parts []string
	for _, f := range gateway.Families {
		if r := roots[string(f)]; r != "" {
			parts = append(parts, string(f)+" "+r)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// WriteText prints 'trust --list': each trusted file (shown through
// tilde), its state and the start of the SHA-256 it was trusted with.
func (t *Trust) WriteText(w io.Writer, tilde func(string) string) {
	if len(t.Paths()) == 0 {
		fmt.Fprintln(w, "no team file is trusted")
		return
	}
	for _, p := range t.Paths() {
		state := t.State(p)
		if state == "changed" {
			state += " (ignored until trusted again)"
		}
		fmt.Fprintf(w, "%s  %s  sha256:%.12s\n", tilde(p), state, t.Files[p])
	}
}
