package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/spf13/cobra"
)

type explainOptions struct {
	List  bool
	Query string
	Out   io.Writer
}

func newExplainCmd(e *env.Env) *cobra.Command {
	o := &explainOptions{}
	cmd := &cobra.Command{
		Use:   `explain CODE | STATUS | "ERROR TEXT" | --list`,
		Short: "explain a diagnosis code, an HTTP status or an error message: the likely causes and fixes",
		Long: `explain prints what a diagnosis code means, its causes and the fix. Given an
HTTP status (401, 429, 529) or an error message pasted from Claude Code,
Codex, Cline, Gemini CLI, Qwen Code, OpenCode, an SDK or curl, it names the
codes that most likely explain it, each with its fix; 'keydoctor doctor'
then checks which one applies to your setup.`,
		Example: `  keydoctor explain url-double-version
  keydoctor explain 429
  keydoctor explain "the model may not exist or you may not have access to it"
  keydoctor explain local proxy failed`,
		Args: usageArgs(cobra.ArbitraryArgs),
		RunE: func(c *cobra.Command, args []string) error {
			o.Query = strings.Join(args, " ")
			o.Out = c.OutOrStdout()
			return runExplain(o)
		},
	}
	cmd.Flags().BoolVar(&o.List, "list", false, "list every code with its title")
	return cmd
}

func runExplain(o *explainOptions) error {
	if o.List {
		writeCodeList(o.Out)
		return nil
	}
	q := strings.TrimSpace(o.Query)
	if q == "" {
		return usageErrorf("run 'keydoctor explain --list' to see every code", "explain needs a code, a status or an error message")
	}
	found := catalog.Explain(q)
	switch {
	case len(found) == 0:
		if status, next, ok := catalog.StatusMeaning(q); ok {
			return usageErrorf(next, "no diagnosis code is about %s", status)
		}
		if !strings.ContainsAny(q, " \t") {
			return usageErrorf(closestCodeHint(q), "unknown code %q", q)
		}
		fallthrough
	case len(found) == 0:
		return usageErrorf("run 'keydoctor explain --list' to see every code, or 'keydoctor doctor' to check your setup", "no diagnosis matches %q", human.Clip(q, 80))
	case len(found) == 1 && found[0].Why[0] == "the code":
		writeEntry(o.Out, found[0].Entry)
		return nil
	}
	fmt.Fprintf(o.Out, "%q most likely means:\n", human.Clip(q, 80))
	for _, c := range found {
		fmt.Fprintf(o.Out, "\n%s: %s\n", c.Code, c.Title)
		fmt.Fprintf(o.Out, "  matched: %s\n", strings.Join(uniqStrings(c.Why), ", "))
		fmt.Fprintf(o.Out, "  fix: %s\n", catalog.Generic(c.Code))
	}
	fmt.Fprintln(o.Out, "\nrun 'keydoctor explain CODE' for a code's causes; 'keydoctor doctor' checks which applies to your setup")
	return nil
}

func writeCodeList(w io.Writer) {
	class := catalog.Class("")
	for _, en := range catalog.All() {
		if en.Class != class {
			class = en.Class
			if class == catalog.Config {
				fmt.Fprintln(w, "configuration (found without network):")
			} else {
				fmt.Fprintln(w, "\non the wire:")
			}
		}
		fmt.Fprintf(w, "  %-22s %s\n", en.Code, en.Title)
	}
}

func writeEntry(w io.Writer, en catalog.Entry) {
	fmt.Fprintf(w, "%s: %s\n", en.Code, en.Title)
	if len(en.Causes) > 0 {
		fmt.Fprintln(w, "\ncauses:")
		for _, c := range en.Causes {
			fmt.Fprintf(w, "  - %s\n", c)
		}
	}
	fmt.Fprintf(w, "\nfix:\n  %s\n", catalog.Generic(en.Code))
}

func uniqStrings(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func closestCodeHint(code string) string {
	near := catalog.Closest(code)
	if len(near) == 0 {
		return "run 'keydoctor explain --list' to see every code"
	}
	var names []string
	for _, c := range near {
		names = append(names, string(c))
	}
	return "did you mean " + strings.Join(names, ", ") + "?"
}
