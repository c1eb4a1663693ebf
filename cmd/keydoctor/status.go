package main

import (
	"context"
	"io"

	"github.com/keydoctor/keydoctor/internal/tool"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/status"
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
$VARIABLE), followed by the values it shadows. Keys are masked.` + tool.HelpFor("status"),
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			o.Out, o.UI = c.OutOrStdout(), uiFrom(c.Context())
			return runStatus(c.Context(), o)
		},
	}
	addJSONFlag(cmd.Flags(), &o.JSON, schemaStatus)
	cmd.Flags().StringVar(&o.Project, "project", ".", "project directory (its .env and .claude/ settings)")
	cmd.Flags().StringVar(&o.Tool, "tool", "", "only this tool ("+toolNames(nil)+")")
	o.profile.add(cmd.Flags())
	return cmd
}

func runStatus(ctx context.Context, o *statusOptions) error {
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
	so := status.Options{Profile: p, Tool: o.Tool}
	if set := checks.OpenProfileSet(o.Env, nil); set != nil {
		so.Profiles, so.DefaultProfile = set.Resolved, set.Default
	}
	doc := status.Read(ctx, o.Env, o.Project, so)
	if o.JSON {
		return writeJSON(o.Out, doc)
	}
	return status.WriteText(o.Out, doc, status.TextOptions{Quiet: o.UI.Quiet, Width: o.UI.Width})
}
