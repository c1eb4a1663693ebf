package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
	"github.com/rogpeppe/go-internal/testscript"
)

// fakeToolVar makes the test binary act as a fake claude, codex or cline:
// a small client that reads the tool's files the way the real tool does
// (docs/tools.md) and sends what it sends. verify scripts put it on PATH.
const fakeToolVar = "KEYDOCTOR_FAKE_TOOL"

func init() {
	if tool := os.Getenv(fakeToolVar); tool != "" {
		os.Exit(fakeTool(tool, os.Args[1:]))
	}
	scriptCmds["faketool"] = scriptFakeTool
}

// scriptFakeTool installs fake tools as $WORK/bin/NAME and puts $WORK/bin
// first on PATH:
//
//	faketool claude|codex|cline...
//
// faketool -none leaves only keydoctor itself on PATH, so that no real
// tool of the machine is found.
func scriptFakeTool(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: faketool claude|codex|cline... | faketool -none")
	}
	if args[0] == "-none" {
		for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
			if _, err := os.Stat(filepath.Join(dir, "keydoctor")); err == nil {
				ts.Setenv("PATH", dir)
				return
			}
		}
		ts.Fatalf("faketool -none: keydoctor is not on PATH")
	}
	if runtime.GOOS == "windows" {
		ts.Fatalf("faketool needs a POSIX shell")
	}
	self, err := os.Executable()
	ts.Check(err)
	bin := ts.MkAbs("bin")
	ts.Check(os.MkdirAll(bin, 0o755))
	for _, name := range args {
		script := fmt.Sprintf("#!/bin/sh\n%s=%s exec '%s' \"$@\"\n", fakeToolVar, name, self)
		ts.Check(os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755))
	}
	ts.Setenv("PATH", bin+string(os.PathListSeparator)+ts.Getenv("PATH"))
}

func fakeTool(tool string, args []string) int {
	var err error
	switch tool {
	case "claude":
		err = fakeClaude(args)
	case "codex":
		err = fakeCodex(args)
	case "cline":
		err = fakeCline(args)
	case "pi":
		err = fakePi(args)
	case "openclaw":
		err = fakeOpenClaw(args)
	case "kilo":
		err = fakeKilo(args)
	default:
		err = fmt.Errorf("unknown fake tool %q", tool)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "fake %s: %v\n", tool, err)
		return 1
	}
	fmt.Println("ok")
	return 0
}

// fakeClaudeSwitches are Claude Code 2.1.197's provider switches in the
// order it tests them, with what it prints when the provider has no
// credentials (docs/tools.md); CLAUDE_CODE_USE_GATEWAY is handled apart.
var fakeClaudeSwitches = []struct{ name, says string }{
	{"CLAUDE_CODE_USE_BEDROCK", "API Error: Could not load credentials from any providers"},
	{"CLAUDE_CODE_USE_FOUNDRY", "API Error: Must provide one of the `baseURL` or `resource` arguments, or the `ANTHROPIC_FOUNDRY_RESOURCE` environment variable"},
	{"CLAUDE_CODE_USE_ANTHROPIC_AWS", "API Error: No AWS region or base URL found."},
	{"CLAUDE_CODE_USE_MANTLE", "API Error: Could not load credentials from any providers"},
	{"CLAUDE_CODE_USE_VERTEX", "API Error: Could not load the default credentials. Browse to https://cloud.google.com/docs/authentication/getting-started for more information."},
}

// fakeClaude: settings env (user file under CLAUDE_CONFIG_DIR or ~/.claude,
// then --settings) beats the shell; a provider switch that is on sends
// nothing to the base URL; else HEAD the base URL, then a background
// request with the haiku model, then the turn with the main model, like
// Claude Code 2.1 in -p mode. FAKE_CLAUDE_MODEL stands for a model chosen
// outside the files.
func fakeClaude(args []string) error {
	vars := map[string]string{}
	for _, v := range []string{"ANTHROPIC_BASE_URL", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_API_KEY", "ANTHROPIC_MODEL", "ANTHROPIC_DEFAULT_HAIKU_MODEL", "CLAUDE_CODE_USE_GATEWAY"} {
		if val := os.Getenv(v); val != "" {
			vars[v] = val
		}
	}
	for _, sw := range fakeClaudeSwitches {
		if val := os.Getenv(sw.name); val != "" {
			vars[sw.name] = val
		}
	}
	layer := func(b []byte) error {
		var doc struct{ Env map[string]any }
		if err := json.Unmarshal(b, &doc); err != nil {
			return err
		}
		for k, v := range doc.Env {
			vars[k] = fmt.Sprint(v) // numbers and booleans are stringified
		}
		return nil
	}
	dir := os.Getenv("CLAUDE_CONFIG_DIR")
	if dir == "" {
		dir = filepath.Join(os.Getenv("HOME"), ".claude")
	}
	if b, err := os.ReadFile(filepath.Join(dir, "settings.json")); err == nil {
		if err := layer(b); err != nil {
			return err
		}
	}
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "--settings" {
			b, err := os.ReadFile(args[i+1])
			if err != nil {
				b = []byte(args[i+1]) // inline JSON
			}
			if err := layer(b); err != nil {
				return err
			}
		}
	}
	if err := fakeClaudeProvider(vars); err != nil {
		return err
	}
	base := strings.TrimRight(vars["ANTHROPIC_BASE_URL"], "/")
	if base == "" {
		return fmt.Errorf("no ANTHROPIC_BASE_URL: refusing to call api.anthropic.com from a test")
	}
	hdr := http.Header{"User-Agent": {"claude-cli/2.1.197 (external, sdk-cli)"}, "Anthropic-Version": {"2023-06-01"}}
	if t := vars["ANTHROPIC_AUTH_TOKEN"]; t != "" {
		hdr.Set("Authorization", "Bearer "+t)
	}
	if k := vars["ANTHROPIC_API_KEY"]; k != "" {
		hdr.Set("X-Api-Key", k)
	}
	model, bg := or(vars["ANTHROPIC_MODEL"], "claude-sonnet-4-5"), or(vars["ANTHROPIC_DEFAULT_HAIKU_MODEL"], "claude-haiku-4-5")
	if m := os.Getenv("FAKE_CLAUDE_MODEL"); m != "" {
		model = m
	}
	if os.Getenv("FAKE_CLAUDE_HANG") != "" { // a tool that never finishes its turn
		fakeSend("HEAD", base, nil, "")
		select {}
	}
	fakeSend("HEAD", base, nil, "")
	if err := fakeSend("POST", base+"/v1/messages?beta=true", hdr, bg); err != nil {
		return err
	}
	return fakeSend("POST", base+"/v1/messages?beta=true", hdr, model)
}

// fakeClaudeProvider fails as Claude Code does when a switch takes its
// requests away from ANTHROPIC_BASE_URL: CLAUDE_CODE_USE_GATEWAY (with a
// base URL and a token) refuses plain http but to localhost, 127.0.0.1
// and [::1]; any other switch that is on goes to its cloud, which this
// test has no credentials for.
func fakeClaudeProvider(vars map[string]string) error {
	on := func(name string) bool {
		switch strings.ToLower(strings.TrimSpace(vars[name])) {
		case "1", "true", "yes", "on":
			return true
		}
		return false
	}
	if on("CLAUDE_CODE_USE_GATEWAY") && vars["ANTHROPIC_BASE_URL"] != "" && vars["ANTHROPIC_AUTH_TOKEN"] != "" {
		u, err := url.Parse(vars["ANTHROPIC_BASE_URL"])
		if err == nil && u.Scheme == "http" && u.Hostname() != "localhost" && u.Hostname() != "127.0.0.1" && u.Hostname() != "::1" {
			return fmt.Errorf("CLAUDE_CODE_USE_GATEWAY is set but ANTHROPIC_BASE_URL is invalid: Gateway URL must use https:// (got http://). Plain HTTP is only allowed for localhost during development.")
		}
		return nil
	}
	for _, sw := range fakeClaudeSwitches {
		if on(sw.name) {
			return errors.New(sw.says)
		}
	}
	return nil
}

// fakeCodex: config.toml's provider, with -c overrides; POST
// {base_url}/responses with the env_key variable as bearer.
func fakeCodex(args []string) error {
	b, err := os.ReadFile(filepath.Join(os.Getenv("CODEX_HOME"), "config.toml"))
	if err != nil {
		return err
	}
	var cfg struct {
		Model          string `toml:"model"`
		ModelProvider  string `toml:"model_provider"`
		ModelProviders map[string]struct {
			BaseURL string `toml:"base_url"`
			EnvKey  string `toml:"env_key"`
		} `toml:"model_providers"`
	}
	if err := toml.Unmarshal(b, &cfg); err != nil {
		return err
	}
	p := cfg.ModelProviders[cfg.ModelProvider]
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "-c" {
			k, v, _ := strings.Cut(args[i+1], "=")
			if k == "model_providers."+cfg.ModelProvider+".base_url" {
				if err := json.Unmarshal([]byte(v), &p.BaseURL); err != nil {
					return fmt.Errorf("-c %s: %v", args[i+1], err)
				}
			}
		}
	}
	hdr := http.Header{"User-Agent": {"codex_exec/0.171.0"}, "Authorization": {"Bearer " + os.Getenv(p.EnvKey)}}
	return fakeSend("POST", strings.TrimRight(p.BaseURL, "/")+"/responses", hdr, cfg.Model)
}

// fakeCline: the last used provider of --data-dir's providers.json; POST
// {baseUrl}/chat/completions with apiKey as bearer.
func fakeCline(args []string) error {
	dir := filepath.Join(os.Getenv("HOME"), ".cline", "data")
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "--data-dir" {
			dir = args[i+1]
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "settings", "providers.json"))
	if err != nil {
		return err
	}
	var doc struct {
		LastUsedProvider string
		Providers        map[string]struct {
			Settings struct{ APIKey, Model, BaseURL string }
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return err
	}
	s := doc.Providers[doc.LastUsedProvider].Settings
	hdr := http.Header{"User-Agent": {"ai-sdk/openai-compatible/3.0.37"}, "Authorization": {"Bearer " + s.APIKey}}
	return fakeSend("POST", strings.TrimRight(s.BaseURL, "/")+"/chat/completions", hdr, s.Model)
}

// fakeSend sends one streaming request (a HEAD when model is "") and
// reads the answer to its end; a non-2xx answer is an error, as in the
// real tools.
func fakeSend(method, url string, hdr http.Header, model string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var body io.Reader
	if model != "" {
		body = strings.NewReader(`{"model":"` + model + `","max_tokens":64,"stream":true,"messages":[{"role":"user","content":"Reply with the single word: ok"}]}`)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return err
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if model != "" && res.StatusCode/100 != 2 {
		return fmt.Errorf("API Error: %d %s", res.StatusCode, strings.TrimSpace(string(b)))
	}
	return nil
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
