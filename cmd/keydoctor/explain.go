package main

import (
	"errors"
	"io"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/spf13/cobra"
)

type explainOptions struct {
	List  bool
	JSON  bool
	Query string
	Out   io.Writer
}

func newExplainCmd(e *env.Env) *cobra.Command {
	o := &explainOptions{}
	cmd := &cobra.Command{
		Use:   `explain CODE | STATUS | "ERROR TEXT" | --list`,
		Short: "explain a diagnosis code, an HTTP status or an error message: the likely causes and fixes",
		Long: human.Wrap("explain prints what a diagnosis code means, its causes and the fix. Given an "+
			"HTTP status (401, 429, 529) or an error message pasted from a coding agent ("+tool.Titles(tool.IsAgent)+"), an SDK or curl, it names the "+
			"codes that most likely explain it, each with its fix; 'keydoctor doctor' then checks which one applies to your setup.", 78, ""),
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
	addJSONFlag(cmd.Flags(), &o.JSON, catalog.ExplainSchema)
	return cmd
}

func runExplain(o *explainOptions) error {
	if o.List {
		catalog.WriteList(o.Out)
		return nil
	}
	a, err := catalog.Ask(o.Query)
	var ne *catalog.NotExplained
	if errors.As(err, &ne) {
		return usageErrorf(ne.Hint, "%s", ne.Message)
	}
	if o.JSON {
		return writeJSON(o.Out, a.Doc())
	}
	a.WriteText(o.Out)
	return nil
}
