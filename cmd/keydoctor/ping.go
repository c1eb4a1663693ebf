package main

import (
	"context"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/ping"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/profile"
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
	Client *probe.Client
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

// pingTarget is the profile and request a ping sends, validated.
type pingTarget struct {
	profile gateway.Profile
	req     probe.Request
}

// preparePing turns options into a request, or a usage error (exit 2).
func preparePing(o *pingOptions) (pingTarget, error) {
	proto, err := gateway.ParseProtocol(o.Protocol)
	if err != nil {
		return pingTarget{}, usageErrorf("use --protocol chat, messages, responses or gemini", "%v", err)
	}
	if o.Timeout <= 0 {
		return pingTarget{}, usageErrorf("pass a positive duration, e.g. --timeout 30s", "--timeout must be positive")
	}
	p, err := o.Profile.load(o.Env)
	if err != nil {
		return pingTarget{}, err
	}
	if o.Tool != "" {
		return pingTool(o, p)
	}
	if err := profile.Require(p, gateway.FieldBaseURL, gateway.FieldKey, gateway.FieldModel); err != nil {
		return pingTarget{}, err
	}
	if err := ping.CheckKey(p, ""); err != nil {
		return pingTarget{}, stopError(err)
	}
	req := probe.Request{Protocol: proto, Root: p.RootOf(proto.Family()), Key: p.Key, Auth: authFor(proto), Model: p.Model, Stream: o.Stream}
	return pingTarget{profile: p, req: req}, nil
}

func runPing(ctx context.Context, o *pingOptions) error {
	pt, err := preparePing(o)
	if err != nil {
		return err
	}
	t := ping.Target{Profile: pt.profile, Request: pt.req, KeySetup: ping.CurlKeySetup(o.Env, pt.profile)}
	client := o.Client
	if client == nil {
		client, err = probe.NewClient(probe.Options{
			Getenv: o.Env.Getenv, Timeout: o.Timeout, ResponseHeaderTimeout: o.Timeout, CAFile: o.CAFile,
		})
		if err != nil {
			return usageErrorf("pass a readable PEM file to --ca-file", "%v", err)
		}
		defer client.Close()
	}
	text := !o.JSON && !o.UI.Quiet
	if text { // at once: a slow gateway shows what it is slow at
		ping.WriteHeader(o.Out, t)
	}
	var p *waits
	if !o.JSON {
		p = newWaits(o.UI)
	}
	end := p.begin("waiting for the gateway's answer")
	res := ping.Send(ctx, client, t)
	end()
	p.close()
	if o.JSON {
		if err := writeJSON(o.Out, ping.NewDoc(t, res)); err != nil {
			return err
		}
	} else if text {
		ping.WriteText(o.Out, t, res, o.UI.Color)
	}
	if msg, fix, failed := ping.Failure(t, res); failed {
		return failf(fix, "%s", msg)
	}
	return nil
}

// pingTool is ping's target for --tool: the tool's own path.
func pingTool(o *pingOptions, p gateway.Profile) (pingTarget, error) {
	if o.Protocol != "chat" || o.Profile.baseURL != "" {
		return pingTarget{}, usageErrorf("--tool sends what that tool sends, to the base URL in its files", "use --tool without --protocol and --base-url")
	}
	t, err := findTool(o.Env, p, o.Tool, o.Profile.model != "")
	if err != nil {
		return pingTarget{}, err
	}
	if err := ping.CheckKey(t.Profile, t.Path.Protocol); err != nil {
		return pingTarget{}, stopError(err)
	}
	return pingTarget{profile: t.Profile, req: t.Request(o.Stream)}, nil
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
