package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/mcpserver"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
)

// Tools are the tools the demo sets up.
const Tools = "claude,codex,cline,gemini,env"

// Commands are the keydoctor commands the demo's steps run, as the
// command line runs them (cmd gives them: the commands reach the demo).
type Commands struct {
	// Setup runs `keydoctor setup --yes --tools tools` in the demo's
	// project.
	Setup func(st *State, tools string) error
	// Doctor runs `keydoctor doctor` in the demo's project, of one tool
	// when tool is not "".
	Doctor func(st *State, tool string) error
	// Findings reports whether Doctor's error is its exit for error
	// findings (already printed).
	Findings func(error) bool
	// Ping runs `keydoctor ping`, as tool sends it when tool is not "".
	Ping func(st *State, tool string, stream bool) error
	// Bench runs `keydoctor bench` with args.
	Bench func(st *State, args []string) error
	// MCP is how the agent's MCP server runs the commands on the stage.
	MCP func(st *State) mcpserver.Options
}

// Step is one stage of the demo.
type Step struct {
	Title string
	Run   func(*State) error
}

// Steps are the demo's stages in the order they run.
func Steps(c Commands) []Step {
	return []Step{
		{"setup: one triple into Claude Code, Codex, Cline, Gemini CLI and .env", func(st *State) error {
			if err := os.MkdirAll(st.Project(), 0o700); err != nil {
				return err
			}
			fmt.Fprintf(st.Out, "$ keydoctor setup --yes --tools %s\n", Tools)
			return c.Setup(st, Tools)
		}},
		{"doctor: every tool's configuration and its path to the gateway", func(st *State) error {
			fmt.Fprintf(st.Out, "$ keydoctor doctor\n")
			return c.Doctor(st, "")
		}},
		{"one request, as 'keydoctor ping' sends it", func(st *State) error { return c.Ping(st, "", false) }},
		// Gemini CLI, set up a step before, calls the gateway as its
		// files say: the Gemini API's streaming path and header.
		{"Gemini CLI's own path: the Gemini API, as its files say", func(st *State) error {
			fmt.Fprintf(st.Out, "$ keydoctor ping --tool gemini --stream\n")
			return c.Ping(st, "gemini", true)
		}},
		{"a streamed answer on each protocol: time to first token and per token", Streams},
		{"a broken setup, diagnosed: Claude Code's base URL with /v1", func(st *State) error { return broken(st, c) }},
		{"gateway failures, named by code with their fix", Failures},
		{"bench: a concurrency sweep finds the wall of a gateway that serves 4 at once", func(st *State) error { return bench(st, c) }},
		{"an agent asks keydoctor: its model calls keydoctor's doctor over MCP and finds its own broken base URL", func(st *State) error { return Agent(st, c.MCP(st)) }},
	}
}

// Run sets the stage on goos's paths and runs every step, each under its
// numbered title on out.
func Run(ctx context.Context, goos string, out io.Writer, c Commands) error {
	st, err := Start(ctx, goos, out)
	if err != nil {
		return err
	}
	defer st.Close()
	for i, s := range Steps(c) {
		fmt.Fprintf(out, "\n%d. %s\n\n", i+1, s.Title)
		if err := s.Run(st); err != nil {
			return fmt.Errorf("demo step %q: %w", s.Title, err)
		}
	}
	return nil
}

// broken writes the mistake behind Claude Code's "the model may not
// exist" into the demo's settings and lets doctor name it.
func broken(st *State, c Commands) error {
	path := claude.Settings(st.Env, claude.User, "")
	b, err := safefile.ReadFile(path)
	if err != nil {
		return err
	}
	base := strings.TrimRight(st.Gateway.Root(), "/") + "/v1"
	// The demo's own throwaway file: a plain decode and encode will do.
	var settings map[string]any
	if err := json.Unmarshal(b, &settings); err != nil {
		return err
	}
	envObj, _ := settings[claude.Env].(map[string]any)
	if envObj == nil {
		return fmt.Errorf("setup wrote no env object into %s", path)
	}
	envObj[anthropic.BaseURL] = base
	if b, err = json.MarshalIndent(settings, "", "  "); err != nil {
		return err
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return err
	}
	fmt.Fprintf(st.Out, "(%s set to %s in ~/.claude/settings.json, as many guides say)\n", anthropic.BaseURL, base)
	fmt.Fprintf(st.Out, "$ keydoctor doctor --tool claude\n")
	err = c.Doctor(st, "claude")
	if c.Findings(err) {
		return nil // the error finding is the point of this step
	}
	if err == nil {
		return fmt.Errorf("doctor did not flag the broken base URL")
	}
	return err
}

// bench runs a small sweep against a second fake gateway that serves only
// four requests at once, so the knee has something to find.
func bench(st *State, c Commands) error {
	gw, err := mock.Start(st.Ctx, "127.0.0.1:0", mock.Options{
		Prefix: "/api", Key: Key, TTFT: 80 * time.Millisecond, TPOT: 10 * time.Millisecond, Tokens: 8, MaxConcurrent: 4,
	})
	if err != nil {
		return fmt.Errorf("starting the fake gateway: %w", err)
	}
	defer gw.Close()
	fmt.Fprintf(st.Out, "$ keydoctor bench --sweep 1,2,4,8 -n 16   (a gateway that serves 4 at once)\n")
	return c.Bench(st, []string{"--base-url", gw.Root(), "--sweep", "1,2,4,8", "-n", "16", "--max-tokens", "8", "--yes"})
}
