package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/spf13/cobra"
)

func init() { register(newPingCmd) }

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
  keydoctor ping --base-url https://taotoken.net/api --model gpt-4o --key-env TAOTOKEN_API_KEY --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			o.Out = c.OutOrStdout()
			return runPing(c.Context(), o)
		},
	}
	fs := cmd.Flags()
	o.Profile.add(fs)
	fs.StringVar(&o.Protocol, "protocol", "chat", "wire protocol: chat (OpenAI chat completions), messages (Anthropic) or responses (OpenAI Responses)")
	fs.StringVar(&o.Tool, "tool", "", "send what this tool would send: its files' base URL, key and model, its protocol and auth header (as 'status' shows)")
	fs.BoolVar(&o.Stream, "stream", false, "ask for a streamed answer and measure time to first token")
	fs.DurationVar(&o.Timeout, "timeout", 60*time.Second, "deadline of the whole request")
	fs.StringVar(&o.CAFile, "ca-file", "", "PEM file of an extra certificate authority to trust")
	fs.BoolVar(&o.JSON, "json", false, "print the result as JSON")
	return cmd
}

// pingTarget is everything a ping needs, validated.
type pingTarget struct {
	profile gateway.Profile
	req     probe.Request
}

// preparePing turns options into a request, or a usage error (exit 2).
func preparePing(o *pingOptions) (pingTarget, error) {
	proto, err := gateway.ParseProtocol(o.Protocol)
	if err != nil {
		return pingTarget{}, usageErrorf("use --protocol chat, messages or responses", "%v", err)
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
	if err := p.Require(gateway.FieldBaseURL, gateway.FieldKey, gateway.FieldModel); err != nil {
		return pingTarget{}, err
	}
	if kp := gateway.CheckKey(p.Key); kp != nil {
		return pingTarget{}, failf(codeHint(kp.Code, p, nil), "%s: %s (in %s)", kp.Code, kp.Reason, keySource(p))
	}
	req := probe.Request{Protocol: proto, Root: p.BaseURL, Key: p.Key, Auth: authFor(proto), Model: p.Model, Stream: o.Stream}
	return pingTarget{profile: p, req: req}, nil
}

// authFor is how the tools that speak proto present the key (design.md §1).
func authFor(proto gateway.Protocol) gateway.Auth {
	for _, t := range gateway.Tools {
		if t.Protocol == proto {
			return t.Auth
		}
	}
	return gateway.AuthBearer
}

func keySource(p gateway.Profile) string {
	if s := p.Source(gateway.FieldKey); s != "" {
		return s
	}
	return p.KeyVar
}

func runPing(ctx context.Context, o *pingOptions) error {
	t, err := preparePing(o)
	if err != nil {
		return err
	}
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
	res := client.Do(ctx, t.req)
	probe.ConfirmProtocol(ctx, client, t.req, res)
	if o.JSON {
		if err := writePingJSON(o.Out, t, res); err != nil {
			return err
		}
	} else {
		writePingText(o.Out, t, res)
	}
	if !res.OK() {
		return failf(codeHint(res.Code, t.profile, res), "%s: %s", res.Code, res.Err)
	}
	return nil
}

func writePingText(w io.Writer, t pingTarget, res *probe.Result) {
	mode := ""
	if t.req.Stream {
		mode = ", stream"
	}
	fmt.Fprintf(w, "ping %s%s: %s %s\n", t.req.Protocol, mode, res.Method, res.URL)
	row := func(label, format string, args ...any) {
		fmt.Fprintf(w, "  %-9s %s\n", label, fmt.Sprintf(format, args...))
	}
	row("key", "%s (from %s)", gateway.Mask(t.profile.Key), keySource(t.profile))
	for _, n := range t.profile.Notes { // what normalising the pasted base URL repaired
		row("base url", "%s: %s", n.Code, n.Message)
	}
	if res.Proxy != "" {
		row("proxy", "%s", res.Proxy)
	}
	if res.StatusCode != 0 {
		row("status", "%d %s", res.StatusCode, strings.ToLower(http.StatusText(res.StatusCode)))
	}
	if res.Model != "" {
		row("model", "%s (asked for %s)", res.Model, t.req.Model)
	}
	if res.Text != "" {
		row("answer", "%q", clipText(res.Text, 72))
	}
	if res.OK() {
		row("usage", "%d in, %d out (%s)", res.Usage.InputTokens, res.Usage.OutputTokens, usageSource(res))
	}
	row("timings", "%s", timingLine(res))
	for _, n := range res.Notes {
		row("note", "%s: %s", n.Code, n.Message)
	}
	fmt.Fprintf(w, "\nthe same request with curl (key from $%s):\n", t.profile.KeyVar)
	fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(probe.Curl(t.req, t.profile.KeyVar), "\n", "\n  "))
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
			parts = append(parts, name+" "+ms(d))
		}
	}
	add("dns", tm.DNS)
	add("connect", tm.Connect)
	add("tls", tm.TLS)
	add("headers", tm.FirstByte)
	add("first token", tm.FirstDelta)
	if res.Stream != nil {
		add("tpot", res.Stream.TPOT())
	}
	add("total", tm.End)
	if tm.ConnReused {
		parts = append(parts, "(connection reused)")
	}
	return strings.Join(parts, " · ")
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
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
	Code       string             `json:"code,omitempty"`
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
		Schema: "keydoctor/ping@1", Profile: t.profile.Public(), Protocol: string(t.req.Protocol), Stream: t.req.Stream,
		Method: res.Method, URL: res.URL, Status: res.StatusCode, Model: res.Model, Text: res.Text,
		TimingsMS: res.Timings.Millis(), Code: res.Code, Notes: res.Notes, Curl: probe.Curl(t.req, t.profile.KeyVar),
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
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// codeHint is the fix for a code in this profile's terms; the catalog's
// own fix when the code has no specific one here.
func codeHint(code string, p gateway.Profile, res *probe.Result) string {
	keyVar := p.KeyVar
	switch code {
	case "auth-invalid":
		return fmt.Sprintf("the gateway does not accept the key in %s (%s): copy it again from the gateway's console, or check that it belongs to %s", keySource(p), gateway.Mask(p.Key), p.BaseURL)
	case "auth-forbidden":
		return fmt.Sprintf("the key is valid but may not use %s: enable the model for this key in the gateway's console, or pick another with --model", p.Model)
	case "model-not-found":
		return fmt.Sprintf("pick a model the gateway serves (GET %s/v1/models) and pass it with --model or set %s", p.BaseURL, p.VarModel)
	case "endpoint-not-found":
		return fmt.Sprintf("the base URL should be the gateway root, without /v1 or an endpoint (now %s); check it with the gateway's docs", p.BaseURL)
	case "protocol-unsupported":
		return "this gateway does not serve this protocol: tools that need it (Claude Code: messages, Codex: responses) cannot use it"
	case "rate-limited":
		if res != nil && res.RetryAfter > 0 {
			return fmt.Sprintf("wait %s (the gateway's Retry-After) and retry, or raise the key's rate limit", res.RetryAfter)
		}
		return "wait and retry, or raise the key's rate limit in the gateway's console"
	case "connect-refused", "connect-timeout", "dns-failed":
		return fmt.Sprintf("check the host in the base URL (%s) and your network or proxy settings", p.BaseURL)
	case "tls-untrusted":
		return "pass the certificate authority with --ca-file FILE, or fix the gateway's certificate"
	case "timeout-headers", "timeout-stream":
		return "retry with a longer --timeout; if it persists the gateway or something in between is stalling"
	case "key-placeholder", "key-malformed":
		return fmt.Sprintf("export the real key, e.g. export %s='sk-…' (no quotes inside, no spaces, no line break)", keyVar)
	}
	if e, ok := catalog.Lookup(code); ok && e.Fix != "" {
		return strings.SplitN(e.Fix, "\n", 2)[0]
	}
	if _, ok := catalog.Lookup(code); ok {
		return "run 'keydoctor explain " + code + "' for causes and fixes"
	}
	return ""
}
