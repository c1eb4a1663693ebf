package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
)

// demoTools are the tools the demo sets up.
const demoTools = "claude,codex,cline,gemini,env"

// demoProject is the throwaway project directory that holds .env.
func demoProject(st *demoState) string { return st.Project() }

func demoSetup(st *demoState) error {
	if err := os.MkdirAll(demoProject(st), 0o700); err != nil {
		return err
	}
	o := &setupOptions{Env: st.Env, Tools: demoTools, Project: demoProject(st), Yes: true, Out: st.Out, Err: st.Out}
	o.Check = func(ctx context.Context, p gateway.Profile, tools []gateway.ToolID) []doctor.Finding {
		return setup.CheckWritten(ctx, st.Env, p, o.Project, tools)
	}
	fmt.Fprintf(st.Out, "$ keydoctor setup --yes --tools %s\n", demoTools)
	return runSetup(st.Ctx, o)
}

func demoDoctor(st *demoState) error {
	fmt.Fprintf(st.Out, "$ keydoctor doctor\n")
	return runDoctor(st.Ctx, &doctorOptions{Env: st.Env, Out: st.Out, Project: demoProject(st), Timeout: 10 * time.Second})
}

// demoBroken writes the mistake behind Claude Code's "the model may not
// exist" into the demo's settings and lets doctor name it.
func demoBroken(st *demoState) error {
	path := claude.Settings(st.Env, claude.User, "")
	b, err := safefile.ReadFile(path)
	if err != nil {
		return err
	}
	broken := strings.TrimRight(st.Gateway.Root(), "/") + "/v1"
	// The demo's own throwaway file: a plain decode and encode will do.
	var settings map[string]any
	if err := json.Unmarshal(b, &settings); err != nil {
		return err
	}
	envObj, _ := settings[claude.Env].(map[string]any)
	if envObj == nil {
		return fmt.Errorf("setup wrote no env object into %s", path)
	}
	envObj[anthropic.BaseURL] = broken
	if b, err = json.MarshalIndent(settings, "", "  "); err != nil {
		return err
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return err
	}
	fmt.Fprintf(st.Out, "(%s set to %s in ~/.claude/settings.json, as many guides say)\n", anthropic.BaseURL, broken)
	fmt.Fprintf(st.Out, "$ keydoctor doctor --tool claude\n")
	err = runDoctor(st.Ctx, &doctorOptions{Env: st.Env, Out: st.Out, Project: demoProject(st), Tool: "claude", Timeout: 10 * time.Second})
	if isExit(err, exitFindings) {
		return nil // the error finding is the point of this step
	}
	if err == nil {
		return fmt.Errorf("doctor did not flag the broken base URL")
	}
	return err
}

// demoGemini pings the gateway the way Gemini CLI, set up a step before,
// will call it: its own files, the Gemini API's streaming path and header.
func demoGemini(st *demoState) error {
	fmt.Fprintf(st.Out, "$ keydoctor ping --tool gemini --stream\n")
	return runPing(st.Ctx, &pingOptions{Env: st.Env, Out: st.Out, Protocol: "chat", Tool: "gemini", Stream: true, Timeout: 30 * time.Second, Client: st.Client})
}
