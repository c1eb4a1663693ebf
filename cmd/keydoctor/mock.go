package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/spf13/cobra"
)

type mockOptions struct {
	Addr    string
	Key     string // the fake gateway's own test key (not a user secret)
	KeyEnv  string
	LogFile string
	Quiet   bool // only the line that says where it serves
	Wait    bool // serve nothing: wait until something listens at Addr
	Gateway mock.Options
	Env     *env.Env
	Out     io.Writer
	// Ready, when set, receives the server once it listens (tests).
	Ready func(*mock.Server)
}

func newMockCmd(e *env.Env) *cobra.Command {
	o := &mockOptions{Env: e}
	var models string
	cmd := &cobra.Command{
		Use:   "mock",
		Short: "run the built-in fake gateway (OpenAI chat, Anthropic messages, Responses)",
		Long: `mock runs keydoctor's built-in fake LLM gateway until interrupted. It serves
GET {prefix}/v1/models, POST {prefix}/v1/chat/completions, {prefix}/v1/messages
(and /v1/messages/count_tokens) and {prefix}/v1/responses, streaming and not,
with deterministic tokens ("tok0 tok1 …"): the first content delta --ttft after
the request arrives, then one every --tpot.

The key is checked from "Authorization: Bearer" or "x-api-key". It is the fake
gateway's own test key: --key sets it (this command only; real keys are never
flag values), --key-env NAME reads it from a variable, and the default is
` + mock.DefaultKey + `.

A scenario makes the gateway misbehave the way real gateways do, one catalog
code each (see 'keydoctor explain CODE'). --scenario sets it for every
request; a request header "X-Mock-Scenario: NAME" sets it for one.

SCENARIOS
` + mock.ScenarioTable(),
		Example: `  keydoctor mock --addr 127.0.0.1:8765 --prefix /api
  keydoctor mock --scenario stream-buffered --ttft 300ms --tpot 20ms
  keydoctor mock --addr 127.0.0.1:8765 & keydoctor mock --wait --addr 127.0.0.1:8765
  curl -sN http://127.0.0.1:8765/api/v1/chat/completions \
    -H "Authorization: Bearer $` + templates.Default().Vars.APIKey + `" -H 'Content-Type: application/json' \
    -d '{"model":"gpt-4o","stream":true,"messages":[{"role":"user","content":"hi"}]}'`,
		Args:        usageArgs(cobra.NoArgs),
		Annotations: exitNotes("mock exits 1 when it cannot listen (the address is in use)", "mock --wait exits 1 when nothing listens at --addr within 10s"),
		RunE: func(c *cobra.Command, args []string) error {
			o.Gateway.Models = append(o.Gateway.Models, mock.ModelList(models)...)
			o.Out, o.Quiet = c.OutOrStdout(), uiFrom(c.Context()).Quiet
			return runMock(c.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Addr, "addr", "127.0.0.1:8765", "address to listen on (port 0 picks a free one)")
	f.StringVar(&o.Gateway.Prefix, "prefix", "/api", "path prefix of the gateway root")
	f.StringVar(&o.Key, "key", "", "the fake gateway's test key (default "+mock.DefaultKey+")")
	f.StringVar(&o.KeyEnv, "key-env", "", "name of a variable holding the key to accept")
	f.StringVar(&models, "models", strings.Join(mock.DefaultModels(), ","), "served model ids, comma separated")
	f.DurationVar(&o.Gateway.TTFT, "ttft", 80*time.Millisecond, "time to first content delta")
	f.DurationVar(&o.Gateway.TPOT, "tpot", 10*time.Millisecond, "time between deltas")
	f.IntVar(&o.Gateway.Tokens, "tokens", 16, "output tokens per answer (max_tokens may cut it)")
	f.StringVar(&o.Gateway.Scenario, "scenario", mock.OK, "scenario for every request (see SCENARIOS)")
	f.IntVar(&o.Gateway.MaxConcurrent, "max-concurrent", 0, "generation requests served at once, the rest queue (0: no limit)")
	f.IntVar(&o.Gateway.FailFirst, "fail-first", 2, "requests the flaky scenario fails before it succeeds")
	f.DurationVar(&o.Gateway.SlowTTFT, "slow-ttft", 10*time.Second, "time to first token of the slow-first-token scenario")
	f.IntVar(&o.Gateway.RejectOver, "reject-over", 0, "refuse (429) a generation request when this many run already (0: no limit)")
	f.IntVar(&o.Gateway.TPMLimit, "tpm-limit", 0, "refuse (429) requests beyond this many tokens per minute, with x-ratelimit-* headers (0: no limit)")
	f.StringVar(&o.LogFile, "log", "", "append one JSON line per request to FILE (- for stderr); keys masked")
	f.BoolVar(&o.Wait, "wait", false, "serve nothing: wait (up to 10s) until a mock started in the background listens at --addr, then exit")
	return cmd
}

func runMock(ctx context.Context, o *mockOptions) error {
	if o.Wait {
		return waitMock(ctx, o)
	}
	shownKey, err := mock.Settle(&o.Gateway, o.Key, o.KeyEnv, o.Env.Getenv)
	if err != nil {
		return stopError(err)
	}
	if o.LogFile != "" {
		w, closeLog, err := mock.OpenLog(o.LogFile, o.Env.Stderr)
		if err != nil {
			return failf("", "%v", err)
		}
		defer closeLog()
		o.Gateway.Logger = w
	}
	srv, err := mock.Start(ctx, o.Addr, o.Gateway)
	if err != nil {
		return failf("pick another address with --addr, or --addr 127.0.0.1:0 for any free port", "cannot listen on %s: %v", o.Addr, err)
	}
	defer srv.Close()
	opts := srv.Options()
	fmt.Fprintf(o.Out, "serving %s (scenario %s, models %s)\n", srv.Root(), opts.Scenario, strings.Join(opts.Models, ","))
	if !o.Quiet { // how to point tools at it
		srv.WriteUse(o.Out, shownKey)
	}
	if o.Ready != nil {
		o.Ready(srv)
	}
	<-ctx.Done()
	return nil
}

// waitMock is 'mock --wait': serve nothing, return once something accepts
// connections at o.Addr.
func waitMock(ctx context.Context, o *mockOptions) error {
	err := mock.Wait(ctx, o.Addr)
	switch {
	case errors.Is(err, mock.ErrNotListening):
		return failf("start it first: keydoctor mock --addr "+o.Addr+" &", "nothing listens at %s after %s", o.Addr, mock.WaitFor)
	case err == nil && !o.Quiet:
		fmt.Fprintf(o.Out, "listening: %s\n", o.Addr)
	}
	return err
}
