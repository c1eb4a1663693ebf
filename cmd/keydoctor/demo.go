package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/spf13/cobra"
)

// demoKey is the fake gateway's key in the demo: a made-up value, printed
// only masked like any key.
const demoKey = "sk-demo-7f3a9c1e5b2d4f6a8c0e"

// demoStep is one stage of the demo.
type demoStep struct {
	Title string
	Run   func(*demoState) error
}

// demoSteps are the demo's stages in the order they run. A function, not a
// variable: the steps reach the commands, and the commands reach the demo.
func demoSteps() []demoStep {
	return []demoStep{
		{"setup: one triple into Claude Code, Codex, Cline, Gemini CLI and .env", demoSetup},
		{"doctor: every tool's configuration and its path to the gateway", demoDoctor},
		{"one request, as 'keydoctor ping' sends it", demoPing},
		{"Gemini CLI's own path: the Gemini API, as its files say", demoGemini},
		{"a streamed answer on each protocol: time to first token and per token", demoStreams},
		{"a broken setup, diagnosed: Claude Code's base URL with /v1", demoBroken},
		{"gateway failures, named by code with their fix", demoFailures},
		{"bench: a concurrency sweep finds the wall of a gateway that serves 4 at once", demoBench},
	}
}

// demoState is what every step works with: a fake gateway on loopback, a
// throwaway home directory and an environment whose preset variables
// point at the gateway.
type demoState struct {
	Ctx     context.Context
	Out     io.Writer
	Env     *env.Env // HOME is the throwaway home; the default preset's variables name the fake gateway
	Home    string
	Gateway *mock.Server
	Client  *probe.Client
	Profile gateway.Profile
}

type demoOptions struct {
	Env *env.Env
	Out io.Writer // nowhere with --quiet: only a failing step says anything
}

func newDemoCmd(e *env.Env) *cobra.Command {
	o := &demoOptions{Env: e}
	return &cobra.Command{
		Use:   "demo",
		Short: "see keydoctor work end to end against a built-in fake gateway (no network, no key)",
		Long: `demo starts keydoctor's fake gateway on loopback, uses a throwaway home
directory (removed afterwards) and runs the product against them: a ping, a
streamed answer on each protocol with its timings, and failures named with
their fix. It needs no network, no key and no flags, and touches none of your
files.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			o.Out = uiFrom(c.Context()).report(c.OutOrStdout())
			return runDemo(c.Context(), o)
		},
	}
}

func runDemo(ctx context.Context, o *demoOptions) error {
	home, err := os.MkdirTemp("", "keydoctor-demo-")
	if err != nil {
		return fmt.Errorf("creating a throwaway home: %w", err)
	}
	defer os.RemoveAll(home)
	gw, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{
		Prefix: "/api", Key: demoKey, TTFT: 80 * time.Millisecond, TPOT: 10 * time.Millisecond, Tokens: 16,
	})
	if err != nil {
		return fmt.Errorf("starting the fake gateway: %w", err)
	}
	defer gw.Close()
	client, err := probe.NewClient(probe.Options{Timeout: 30 * time.Second})
	if err != nil {
		return err
	}
	defer client.Close()

	pv := templates.Default().Vars
	vars := map[string]string{
		"HOME":            home,
		"XDG_CONFIG_HOME": filepath.Join(home, ".config"),
		pv.BaseURL:        gw.Root(),
		pv.APIKey:         demoKey,
		pv.Model:          gw.Options().Models[0],
	}
	de := env.FromMap(vars)
	de.Stdout, de.Stderr, de.GOOS = o.Out, o.Out, o.Env.GOOS
	st := &demoState{Ctx: ctx, Out: o.Out, Env: de, Home: home, Gateway: gw, Client: client}
	st.Profile, err = profile.Load(de, profile.LoadOptions{})
	if err != nil {
		return err
	}

	fmt.Fprintf(o.Out, "keydoctor demo\n")
	fmt.Fprintf(o.Out, "  fake gateway  %s (models %v)\n", gw.Root(), gw.Options().Models)
	fmt.Fprintf(o.Out, "  key           %s in %s\n", redact.Mask(demoKey), pv.APIKey)
	fmt.Fprintf(o.Out, "  home          %s (throwaway, removed at the end)\n", home)

	for i, s := range demoSteps() {
		fmt.Fprintf(o.Out, "\n%d. %s\n\n", i+1, s.Title)
		if err := s.Run(st); err != nil {
			return fmt.Errorf("demo step %q: %w", s.Title, err)
		}
	}
	// The next command in the form that works from the user's shell: a
	// newcomer who typed `go run ./cmd/keydoctor demo` or `npx keydoctor
	// demo` has no keydoctor on PATH.
	fmt.Fprintf(o.Out, "\ndone. Point keydoctor at your gateway: export %s, then run '%s setup'.\n", pv.APIKey, invocation(o.Env))
	return nil
}

func demoPing(st *demoState) error {
	return runPing(st.Ctx, &pingOptions{Env: st.Env, Out: st.Out, Protocol: "chat", Timeout: 30 * time.Second, Client: st.Client})
}

func demoStreams(st *demoState) error {
	fmt.Fprintf(st.Out, "  %-10s %-7s %-10s %-9s %-9s %s\n", "protocol", "status", "ttft", "tpot", "total", "tokens")
	for _, proto := range gateway.Protocols {
		req := probe.Request{Protocol: proto, Root: st.Profile.BaseURL, Key: st.Profile.Key, Auth: authFor(proto), Model: st.Profile.Model, Stream: true}
		res := st.Client.Do(st.Ctx, req)
		if !res.OK() {
			return fmt.Errorf("%s: %s: %v", proto, res.Code, res.Err)
		}
		fmt.Fprintf(st.Out, "  %-10s %-7d %-10s %-9s %-9s %d (%s)\n", proto, res.StatusCode, human.Duration(res.Timings.FirstDelta),
			human.Duration(res.Stream.TPOT()), human.Duration(res.Timings.End), res.Usage.OutputTokens, map[bool]string{true: "server", false: "counted"}[res.Usage.FromServer])
	}
	fmt.Fprintf(st.Out, "\n  the fake gateway was set to ttft 80ms and tpot 10ms: what you see is what the client measured\n")
	return nil
}

// demoFailures asks the fake gateway to misbehave, one scenario per
// request, and shows what keydoctor makes of it.
func demoFailures(st *demoState) error {
	for _, c := range []struct {
		scenario string
		proto    gateway.Protocol
		stream   bool
	}{
		{mock.AuthInvalid, gateway.Chat, false},
		{mock.ModelNotFound, gateway.Messages, false},
		{mock.StreamUnterminated, gateway.Responses, true},
	} {
		req := probe.Request{Protocol: c.proto, Root: st.Profile.BaseURL, Key: st.Profile.Key, Auth: authFor(c.proto), Model: st.Profile.Model,
			Stream: c.stream, Header: http.Header{mock.ScenarioHeader: {c.scenario}}}
		res := st.Client.Do(st.Ctx, req)
		if res.OK() {
			return fmt.Errorf("scenario %s was not detected", c.scenario)
		}
		fmt.Fprintf(st.Out, "  gateway scenario %q, %s:\n", c.scenario, c.proto)
		fmt.Fprintf(st.Out, "    error: %s: %v\n", res.Code, res.Err)
		if h := pingFix(res.Code, st.Profile, c.proto, res); h != "" {
			fmt.Fprintf(st.Out, "    hint:  %s\n", h)
		}
	}
	return nil
}
