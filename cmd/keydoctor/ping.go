package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/fatih/color"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/redact"
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

// pingTarget is everything a ping needs, validated.
type pingTarget struct {
	profile gateway.Profile
	req     probe.Request
	// keySetup is what the printed curl runs first so that $KeyVar holds
	// the key: "" when the shell has it there already (see curlKeySetup).
	keySetup string
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
	if kp := gateway.CheckKey(p.Key); kp != nil {
		return pingTarget{}, failf(pingFix(kp.Code, p, "", nil), "%s: %s (in %s)", kp.Code, kp.Reason, keySource(p))
	}
	req := probe.Request{Protocol: proto, Root: p.BaseURL, Key: p.Key, Auth: authFor(proto), Model: p.Model, Stream: o.Stream}
	return pingTarget{profile: p, req: req}, nil
}

func runPing(ctx context.Context, o *pingOptions) error {
	t, err := preparePing(o)
	if err != nil {
		return err
	}
	t.keySetup = curlKeySetup(o.Env, t.profile)
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
		writePingHeader(o.Out, t)
	}
	var p *waits
	if !o.JSON {
		p = newWaits(o.UI)
	}
	end := p.begin("waiting for the gateway's answer")
	res := client.Do(ctx, t.req)
	probe.ConfirmProtocol(ctx, client, t.req, res)
	end()
	p.close()
	if o.JSON {
		if err := writePingJSON(o.Out, t, res); err != nil {
			return err
		}
	} else if text {
		writePingText(o.Out, t, res, o.UI.Color)
	}
	if !res.OK() {
		return failf(pingFix(res.Code, t.profile, t.req.Protocol, res), "%s: %s", res.Code, res.Err)
	}
	// Another model answering is an error in doctor: the same in ping.
	for _, n := range res.Notes {
		if n.Code == catalog.ModelMismatch {
			return failf(pingFix(n.Code, t.profile, t.req.Protocol, res), "%s: %s", n.Code, n.Message)
		}
	}
	return nil
}

// writePingHeader is the request line, printed before the request goes.
func writePingHeader(w io.Writer, t pingTarget) {
	mode := ""
	if t.req.Stream {
		mode = ", stream"
	}
	fmt.Fprintf(w, "ping %s%s: POST %s\n", t.req.Protocol, mode, t.req.Target())
}

// writePingText is what came back, under the request line.
func writePingText(w io.Writer, t pingTarget, res *probe.Result, colored bool) {
	row := func(label, format string, args ...any) {
		fmt.Fprintf(w, "  %-9s %s\n", label, fmt.Sprintf(format, args...))
	}
	row("key", "%s (from %s)", redact.Mask(t.profile.Key), keySource(t.profile))
	for _, n := range t.profile.Notes { // what normalising the pasted base URL repaired
		row("base url", "%s: %s", n.Code, n.Message)
	}
	if res.Proxy != "" {
		row("proxy", "%s", res.Proxy)
	}
	if res.StatusCode != 0 {
		c := color.New(color.FgGreen)
		if !res.OK() {
			c = color.New(color.FgRed, color.Bold)
		}
		if colored {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		row("status", "%s", c.Sprintf("%d %s", res.StatusCode, strings.ToLower(http.StatusText(res.StatusCode))))
	}
	if res.Model != "" {
		row("model", "%s (asked for %s)", redact.Untrusted(res.Model), redact.Untrusted(t.req.Model)) // the gateway chose it
	}
	if res.Text != "" {
		row("answer", "%q", clipText(res.Text, 72))
	}
	if res.OK() {
		row("usage", "%d in, %d out (%s)", res.Usage.InputTokens, res.Usage.OutputTokens, usageSource(res))
	}
	row("timings", "%s", timingLine(res))
	for _, n := range res.Notes {
		row("note", "%s: %s", n.Code, redact.Untrusted(n.Message)) // it quotes the answer
	}
	fmt.Fprintf(w, "\nthe same request with curl (key from $%s):\n", t.profile.KeyVar)
	fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(t.curl(), "\n", "\n  "))
}

func usageSource(res *probe.Result) string {
	if res.Usage.FromServer {
		return "reported by the gateway"
	}
	return "counted from the stream's deltas; the gateway reported none"
}

// timingLine lists the phases that happened.
func timingLine(res *probe.Result) string {
	tm := res.Timings
	var parts []string
	add := func(name string, d time.Duration) {
		if d > 0 {
			parts = append(parts, name+" "+human.Duration(d))
		}
	}
	add("dns", tm.DNS)
	add("connect", tm.Connect)
	add("tls", tm.TLS)
	add("headers", tm.FirstByte)
	add("first token", tm.FirstDelta)
	if tm.FirstText > tm.FirstDelta { // a reasoning model: the text a user sees came later
		add("first text", tm.FirstText)
	}
	if res.Stream != nil {
		add("tpot", res.Stream.TPOT())
	}
	add("total", tm.End)
	if tm.ConnReused {
		parts = append(parts, "(connection reused)")
	}
	return strings.Join(parts, " · ")
}

func clipText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// pingJSON is ping's --json document.
type pingJSON struct {
	Schema     string             `json:"schema"`
	Profile    gateway.Public     `json:"profile"`
	Protocol   string             `json:"protocol"`
	Stream     bool               `json:"stream"`
	Method     string             `json:"method"`
	URL        string             `json:"url"`
	Status     int                `json:"status,omitempty"`
	Model      string             `json:"model,omitempty"`
	Text       string             `json:"text,omitempty"`
	Usage      *pingUsage         `json:"usage,omitempty"`
	TimingsMS  map[string]float64 `json:"timings_ms,omitempty"`
	TPOTMS     float64            `json:"tpot_ms,omitempty"`
	Code       catalog.Code       `json:"code,omitempty"`
	Error      string             `json:"error,omitempty"`
	RetryAfter float64            `json:"retry_after_s,omitempty"`
	Notes      []probe.Note       `json:"notes,omitempty"`
	Curl       string             `json:"curl"`
}

type pingUsage struct {
	InputTokens  int    `json:"input_tokens"`
	OutputTokens int    `json:"output_tokens"`
	Source       string `json:"source"` // server or counted
}

func writePingJSON(w io.Writer, t pingTarget, res *probe.Result) error {
	doc := pingJSON{
		Schema: schemaPing, Profile: t.profile.Public(), Protocol: string(t.req.Protocol), Stream: t.req.Stream,
		Method: res.Method, URL: res.URL, Status: res.StatusCode, Model: res.Model, Text: res.Text,
		TimingsMS: res.Timings.Millis(), Code: res.Code, Notes: res.Notes, Curl: t.curl(),
		RetryAfter: res.RetryAfter.Seconds(),
	}
	if res.OK() {
		src := "server"
		if !res.Usage.FromServer {
			src = "counted"
		}
		doc.Usage = &pingUsage{res.Usage.InputTokens, res.Usage.OutputTokens, src}
	}
	if res.Stream != nil {
		doc.TPOTMS = float64(res.Stream.TPOT()) / float64(time.Millisecond)
	}
	if res.Err != nil {
		doc.Error = res.Err.Error()
	}
	return writeJSON(w, doc)
}

// curl is the request as a curl command that works when pasted.
func (t pingTarget) curl() string { return t.keySetup + probe.Curl(t.req, t.profile.KeyVar) }

// curlKeySetup is what a pasted curl must run first when the variable it
// names does not hold the profile's key in this shell (a key kept in the
// keyring or a key file, a tool's file, a .env): it asks for the key,
// unechoed, saying where it is kept. Without it the command reads an unset
// variable and the gateway answers 401.
func curlKeySetup(e *env.Env, p gateway.Profile) string {
	if p.Key == "" || e.Getenv(p.KeyVar) == p.Key {
		return ""
	}
	return "read -rs " + p.KeyVar + "  # paste the key from " + keySource(p) + "\n"
}
