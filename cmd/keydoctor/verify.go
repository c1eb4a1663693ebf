package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/verify"
	"github.com/spf13/cobra"
)

type verifyOptions struct {
	Tool     gateway.ToolID
	Upstream string
	Project  string
	Timeout  time.Duration
	JSON     bool
	Quiet    bool // only a failed verdict
	Env      *env.Env
	Out      io.Writer
	// LookPath finds the tool's executable; nil: search the Env's PATH.
	LookPath func(name string) (string, error)
	// Transport reaches the gateway; nil: relay.DefaultTransport.
	Transport http.RoundTripper
}

func newVerifyCmd(e *env.Env) *cobra.Command {
	o := &verifyOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "verify " + strings.Join(verify.ToolIDs(), "|"),
		Short: "run one headless turn of a real tool through the relay and check what it sends",
		Long: `verify starts the recording relay (see 'keydoctor trace'), runs one short
headless turn of the real tool pointed at it, and reports what the tool really
sent — paths, models (main and background), auth header, key — against what
its files say, first of all where the turn went: a provider switch (a
variable that sends the tool to a cloud provider) that wins over the base URL,
from the shell or any settings layer, is named before the turn and judged an
error. No file of the tool is edited:

` + verify.Commands() + `

The turn is one fixed line ("` + verify.Prompt + `"), run in an empty
temporary directory with the tool's tools disabled where it allows: neither
your prompt nor your project's files are sent. The tool does reach the gateway
its files name, with the key they hold, and a short answer is billed.`,
		Example: `  keydoctor verify claude
  keydoctor verify codex --timeout 5m`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("e.g. 'keydoctor verify claude'", "name the tool to run: %s", human.OrList(verify.ToolIDs()))
			}
			return usageArgs(cobra.ExactArgs(1))(c, args)
		},
		Annotations: exitNotes("verify exits 1 when the tool fails or sends something its files do not say,",
			"and 2 when the tool is not installed"),
		RunE: func(c *cobra.Command, args []string) error {
			o.Tool = gateway.ToolID(strings.ToLower(strings.TrimSpace(args[0])))
			o.Out, o.Quiet = c.OutOrStdout(), uiFrom(c.Context()).Quiet
			return runVerify(c.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Upstream, "upstream", "", "gateway root to relay to instead of the base URL the tool's files name")
	f.StringVar(&o.Project, "project", ".", "project directory whose settings apply")
	f.DurationVar(&o.Timeout, "timeout", 2*time.Minute, "deadline for the whole turn")
	addJSONFlag(f, &o.JSON, schemaVerify)
	return cmd
}

func runVerify(ctx context.Context, o *verifyOptions) error {
	doc, err := verify.Session(ctx, verify.Options{Tool: o.Tool, Upstream: o.Upstream, Project: o.Project, Timeout: o.Timeout,
		JSON: o.JSON, Quiet: o.Quiet, Env: o.Env, Out: o.Out, LookPath: o.LookPath, Transport: o.Transport,
		RouteFindings: checks.RouteFindings})
	if err != nil {
		return stopError(err)
	}
	if doc == nil {
		return nil
	}
	if err := writeJSON(o.Out, doc); err != nil {
		return err
	}
	if !doc.OK {
		return &exitError{exitFindings}
	}
	return nil
}
