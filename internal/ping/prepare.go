package ping

import (
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/stop"
)

// Options are what a ping is asked to send: the command's settings.
type Options struct {
	Protocol string // "chat", "messages", "responses" or "gemini"
	// Tool, when set, sends what that tool sends, from its own files.
	Tool    gateway.ToolID
	Stream  bool
	Timeout time.Duration
	// BaseURLGiven and ModelGiven say --base-url and --model were given.
	BaseURLGiven, ModelGiven bool
}

// Client is the HTTP client a ping sends with (one can be shared).
type Client = probe.Client

// NewClient is a client with the ping's deadline and an extra CA file
// ("" for none).
func NewClient(e *env.Env, timeout time.Duration, caFile string) (*Client, error) {
	return probe.NewClient(probe.Options{Getenv: e.Getenv, Timeout: timeout, ResponseHeaderTimeout: timeout, CAFile: caFile})
}

// Prepare checks the options and turns them into the target, the
// profile load's being load (called after the options are checked). Its
// errors are *stop.Error, or those of load and profile.Require.
func Prepare(e *env.Env, o Options, load func() (gateway.Profile, error)) (Target, error) {
	proto, err := gateway.ParseProtocol(o.Protocol)
	if err != nil {
		return Target{}, stop.Usage("use --protocol chat, messages, responses or gemini", "%v", err)
	}
	if o.Timeout <= 0 {
		return Target{}, stop.Usage("pass a positive duration, e.g. --timeout 30s", "--timeout must be positive")
	}
	p, err := load()
	if err != nil {
		return Target{}, err
	}
	if o.Tool != "" {
		return prepareTool(e, o, p)
	}
	if err := profile.Require(p, gateway.FieldBaseURL, gateway.FieldKey, gateway.FieldModel); err != nil {
		return Target{}, err
	}
	if err := CheckKey(p, ""); err != nil {
		return Target{}, err
	}
	req := probe.Request{Protocol: proto, Root: p.RootOf(proto.Family()), Key: p.Key, Auth: AuthFor(proto), Model: p.Model, Stream: o.Stream}
	return withKeySetup(e, p, req), nil
}

// prepareTool is the target of --tool: the tool's own path.
func prepareTool(e *env.Env, o Options, p gateway.Profile) (Target, error) {
	if o.Protocol != "chat" || o.BaseURLGiven {
		return Target{}, stop.Usage("--tool sends what that tool sends, to the base URL in its files", "use --tool without --protocol and --base-url")
	}
	t, err := FindTool(e, p, o.Tool, o.ModelGiven)
	if err != nil {
		return Target{}, err
	}
	if err := CheckKey(t.Profile, t.Path.Protocol); err != nil {
		return Target{}, err
	}
	return withKeySetup(e, t.Profile, t.Request(o.Stream)), nil
}

func withKeySetup(e *env.Env, p gateway.Profile, req probe.Request) Target {
	return Target{Profile: p, Request: req, KeySetup: CurlKeySetup(e, p)}
}
