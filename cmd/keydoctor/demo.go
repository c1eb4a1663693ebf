package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/internal/demo"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/spf13/cobra"
)

// demoKey and demoState are the demo's stage (internal/demo).
const demoKey = demo.Key

type demoState = demo.State

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
		{"a streamed answer on each protocol: time to first token and per token", demo.Streams},
		{"a broken setup, diagnosed: Claude Code's base URL with /v1", demoBroken},
		{"gateway failures, named by code with their fix", demo.Failures},
		{"bench: a concurrency sweep finds the wall of a gateway that serves 4 at once", demoBench},
		{"an agent asks keydoctor: its model calls keydoctor's doctor over MCP and finds its own broken base URL", demoAgent},
	}
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
	st, err := demo.Start(ctx, o.Env.GOOS, o.Out)
	if err != nil {
		return err
	}
	defer st.Close()
	for i, s := range demoSteps() {
		fmt.Fprintf(o.Out, "\n%d. %s\n\n", i+1, s.Title)
		if err := s.Run(st); err != nil {
			return fmt.Errorf("demo step %q: %w", s.Title, err)
		}
	}
	// The next command in the form that works from the user's shell: a
	// newcomer who typed `go run ./cmd/keydoctor demo` or `npx keydoctor
	// demo` has no keydoctor on PATH.
	fmt.Fprintf(o.Out, "\ndone. Point keydoctor at your gateway: export %s, then run '%s setup'.\n", templates.Default().Vars.APIKey, invocation(o.Env))
	return nil
}

func demoPing(st *demoState) error {
	return runPing(st.Ctx, &pingOptions{Env: st.Env, Out: st.Out, Protocol: "chat", Timeout: 30 * time.Second, Client: st.Client})
}
