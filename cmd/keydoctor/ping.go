package main

import (
	"context"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/ping"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/spf13/cobra"
)

type pingOptions struct {
	Profile  profileFlags
	Protocol string
	Tool     string
	Stream   bool
	Timeout  time.Duration
	CAFile   string
	JSON     bool

	Env *env.Env
	Out io.Writer
	UI  ui
	// Client, when set, is used instead of one built from the options
	// (demo shares one).
	Client *ping.Client
}

func newPingCmd(e *env.Env) *cobra.Command {
	o := &pingOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "ping",
		Short: "send one request to the gateway and show what came back, with its curl equivalent",
		Long: `ping sends one small request to the profile's gateway through the protocol
you choose, prints the status, the model that answered, token usage, the
timings of each phase and the equivalent curl command (the key shown as
$VARIABLE, never inline). A failure names its diagnosis code and the fix.`,
		Example: `  keydoctor ping
  keydoctor ping --protocol messages --stream
  keydoctor ping --base-url https://taotoken.net/api --model gpt-4o --key-env ` + templates.Default().Vars.APIKey + ` --json`,
		Args:        usageArgs(cobra.NoArgs),
		Annotations: exitNotes("ping exits 1 when the request fails or another model answers (model-mismatch)"),
		RunE: func(c *cobra.Command, _ []string) error {
			o.Out, o.UI = c.OutOrStdout(), uiFrom(c.Context())
			return runPing(c.Context(), o)
		},
	}
	fs := cmd.Flags()
	o.Profile.add(fs)
	fs.StringVar(&o.Protocol, "protocol", "chat", "wire protocol: chat (OpenAI chat completions), messages (Anthropic), responses (OpenAI Responses) or gemini (Google Gemini API)")
	fs.StringVar(&o.Tool, "tool", "", "send what this tool would send: its files' base URL, key and model, its protocol and auth header (as 'status' shows)")
	fs.BoolVar(&o.Stream, "stream", false, "ask for a streamed answer and measure time to first token")
	fs.DurationVar(&o.Timeout, "timeout", 60*time.Second, "deadline of the whole request")
	fs.StringVar(&o.CAFile, "ca-file", "", "PEM file of an extra certificate authority to trust")
	addJSONFlag(fs, &o.JSON, schemaPing)
	return cmd
}

func runPing(ctx context.Context, o *pingOptions) error {
	po := ping.Options{Protocol: o.Protocol, Stream: o.Stream, Timeout: o.Timeout,
		BaseURLGiven: o.Profile.baseURL != "", ModelGiven: o.Profile.model != ""}
	if o.Tool != "" {
		id, err := parseTool(o.Tool)
		if err != nil {
			return err
		}
		po.Tool = id
	}
	t, err := ping.Prepare(o.Env, po, func() (gateway.Profile, error) { return o.Profile.load(o.Env) })
	if err != nil {
		return stopError(err)
	}
	client := o.Client
	if client == nil {
		if client, err = ping.NewClient(o.Env, o.Timeout, o.CAFile); err != nil {
			return usageErrorf("pass a readable PEM file to --ca-file", "%v", err)
		}
		defer client.Close()
	}
	res := ping.Run(ctx, client, t, ping.Printer{Out: o.Out, JSON: o.JSON, Quiet: o.UI.Quiet, Color: o.UI.Color, Progress: o.UI.Progress, Width: o.UI.Width})
	if o.JSON {
		if err := writeJSON(o.Out, ping.NewDoc(t, res)); err != nil {
			return err
		}
	}
	if msg, fix, failed := ping.Failure(t, res); failed {
		return failf(fix, "%s", msg)
	}
	return nil
}

// findTool is the configured path of the tool named id (ping --tool,
// bench --tool).
func findTool(e *env.Env, p gateway.Profile, id string, modelFlag bool) (ping.Tool, error) {
	tid, err := parseTool(id)
	if err != nil {
		return ping.Tool{}, err
	}
	t, err := ping.FindTool(e, p, tid, modelFlag)
	return t, stopError(err)
}
