package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/demo"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/invocation"
	"github.com/keydoctor/keydoctor/internal/mcpserver"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/spf13/cobra"
)

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
	if err := demo.Run(ctx, o.Env.GOOS, o.Out, demoCommands()); err != nil {
		return err
	}
	// The next command in the form that works from the user's shell: a
	// newcomer who typed `go run ./cmd/keydoctor demo` or `npx keydoctor
	// demo` has no keydoctor on PATH.
	fmt.Fprintf(o.Out, "\ndone. Point keydoctor at your gateway: export %s, then run '%s setup'.\n", templates.Default().Vars.APIKey, invocation.Of(o.Env))
	return nil
}

// demoCommands are the commands the demo's steps run, on the demo's stage.
func demoCommands() demo.Commands {
	return demo.Commands{
		Setup: func(st *demo.State, tools string) error {
			o := &setupOptions{Env: st.Env, Tools: tools, Project: st.Project(), Yes: true, Out: st.Out, Err: st.Out}
			o.Check = func(ctx context.Context, p gateway.Profile, tools []gateway.ToolID) []doctor.Finding {
				return setup.CheckWritten(ctx, st.Env, p, o.Project, tools)
			}
			return runSetup(st.Ctx, o)
		},
		Doctor: func(st *demo.State, tool string) error {
			return runDoctor(st.Ctx, &doctorOptions{Env: st.Env, Out: st.Out, Project: st.Project(), Tool: tool, Timeout: 10 * time.Second})
		},
		Findings: func(err error) bool { return isExit(err, exitFindings) },
		Ping: func(st *demo.State, tool string, stream bool) error {
			return runPing(st.Ctx, &pingOptions{Env: st.Env, Out: st.Out, Protocol: "chat", Tool: tool, Stream: stream, Timeout: 30 * time.Second, Client: st.Client})
		},
		Bench: func(st *demo.State, args []string) error {
			cmd := newBenchCmd(st.Env)
			cmd.SetArgs(args)
			cmd.SetOut(st.Out)
			cmd.SetErr(st.Out)
			return cmd.ExecuteContext(st.Ctx)
		},
		MCP: func(st *demo.State) mcpserver.Options {
			return mcpserver.Options{Version: buildVersion(), Run: func(ctx context.Context, args []string) mcpserver.Output {
				return runCaptured(ctx, st.Env, args)
			}}
		},
	}
}
