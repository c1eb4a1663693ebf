package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/spf13/cobra"
)

func init() { register(newExplainCmd) }

type explainOptions struct {
	List bool
	Code string
	Out  io.Writer
}

func newExplainCmd(e *env.Env) *cobra.Command {
	o := &explainOptions{}
	cmd := &cobra.Command{
		Use:   "explain CODE | --list",
		Short: "explain a diagnosis code: what it means, its causes, the fix",
		Args:  usageArgs(cobra.MaximumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Code = args[0]
			}
			o.Out = c.OutOrStdout()
			return runExplain(o)
		},
	}
	cmd.Flags().BoolVar(&o.List, "list", false, "list every code with its title")
	return cmd
}

func runExplain(o *explainOptions) error {
	if o.List {
		class := catalog.Class("")
		for _, en := range catalog.All() {
			if en.Class != class {
				class = en.Class
				if class == catalog.Config {
					fmt.Fprintln(o.Out, "configuration (found without network):")
				} else {
					fmt.Fprintln(o.Out, "\non the wire:")
				}
			}
			fmt.Fprintf(o.Out, "  %-22s %s\n", en.Code, en.Title)
		}
		return nil
	}
	if o.Code == "" {
		return usageErrorf("run 'keydoctor explain --list' to see every code", "explain needs a code")
	}
	en, ok := catalog.Lookup(catalog.Code(strings.ToLower(strings.TrimSpace(o.Code))))
	if !ok {
		return usageErrorf(closestCodeHint(o.Code), "unknown code %q", o.Code)
	}
	fmt.Fprintf(o.Out, "%s: %s\n", en.Code, en.Title)
	if len(en.Causes) > 0 {
		fmt.Fprintln(o.Out, "\ncauses:")
		for _, c := range en.Causes {
			fmt.Fprintf(o.Out, "  - %s\n", c)
		}
	}
	if en.Fix != "" {
		fmt.Fprintf(o.Out, "\nfix:\n  %s\n", catalog.Generic(en.Code))
	}
	return nil
}

func closestCodeHint(code string) string {
	code = strings.ToLower(code)
	var near []string
	for _, known := range catalog.Codes() {
		c := string(known)
		if strings.Contains(c, code) || strings.Contains(code, c) || sharesPrefix(c, code) {
			near = append(near, c)
		}
	}
	if len(near) == 0 || len(near) > 5 {
		return "run 'keydoctor explain --list' to see every code"
	}
	return "did you mean " + strings.Join(near, ", ") + "?"
}

func sharesPrefix(a, b string) bool {
	pa, _, _ := strings.Cut(a, "-")
	pb, _, _ := strings.Cut(b, "-")
	return pa == pb
}
