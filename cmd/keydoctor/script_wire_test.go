package main

import (
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["tlsmock"] = scriptTLSMock
	scriptCmds["blackhole"] = scriptBlackhole
	scriptCmds["wirehome"] = scriptWireHome
}

// scriptTLSMock starts the fake gateway behind https with a throwaway
// certificate that nothing trusts:
//
//	tlsmock [--scenario NAME]
//
// It sets TLS_GATEWAY_URL (the root, prefix /api), GATEWAY_KEY and
// TAOTOKEN_API_KEY, and writes the
// certificate, PEM, to $WORK/ca.pem (what --ca-file is given).
func scriptTLSMock(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! tlsmock")
	}
	fs := flag.NewFlagSet("tlsmock", flag.ContinueOnError)
	var o mock.Options
	fs.StringVar(&o.Scenario, "scenario", "", "")
	if err := fs.Parse(args); err != nil {
		ts.Fatalf("tlsmock: %v", err)
	}
	o.Prefix, o.Key = "/api", scriptGatewayKey
	h := mock.NewHandler(o)
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // refused handshakes are the point
	srv.StartTLS()
	ts.Defer(srv.Close)
	pemBytes := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	ts.Check(os.WriteFile(ts.MkAbs("ca.pem"), pemBytes, 0o600))
	ts.Setenv("TLS_GATEWAY_URL", srv.URL+"/api")
	ts.Setenv("GATEWAY_KEY", scriptGatewayKey)
	ts.Setenv("TAOTOKEN_API_KEY", scriptGatewayKey)
}

// scriptBlackhole listens on a loopback port whose accept queue is full,
// so that connecting to it times out instead of being refused: a host
// that drops packets, without leaving loopback. It sets BLACKHOLE_URL.
func scriptBlackhole(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: blackhole")
	}
	addr, closeFn, err := fullListener()
	if err != nil {
		ts.Fatalf("blackhole: %v (guard the script with [!linux] skip)", err)
	}
	ts.Defer(closeFn)
	ts.Setenv("BLACKHOLE_URL", "http://"+addr+"/api")
}

// scriptWireHome writes a home where Claude Code, Codex, Cline and the
// project's .env (home/proj) all hold one gateway triple, each in its own
// form, files 0600:
//
//	wirehome [--base URL] [--claude URL] [--codex URL] [--cline URL] [--env URL]
//	         [--model ID] [--background-model ID] [--key VAR] [--tools claude,codex,cline,env] [--https]
//
// --base is the gateway root (default $GATEWAY_URL; --https makes it
// https://, for a plain-http port); --claude and the
// others set one tool's base URL exactly as written. The key is the value
// of $VAR (default GATEWAY_KEY); Codex reads it from TAOTOKEN_API_KEY.
func scriptWireHome(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! wirehome")
	}
	fs := flag.NewFlagSet("wirehome", flag.ContinueOnError)
	var o wireHome
	fs.StringVar(&o.Root, "base", ts.Getenv("GATEWAY_URL"), "")
	fs.StringVar(&o.Claude, "claude", "", "")
	fs.StringVar(&o.Codex, "codex", "", "")
	fs.StringVar(&o.Cline, "cline", "", "")
	fs.StringVar(&o.DotEnv, "env", "", "")
	fs.StringVar(&o.Model, "model", "gpt-4o", "")
	fs.StringVar(&o.BackgroundModel, "background-model", "", "")
	keyVar := fs.String("key", "GATEWAY_KEY", "")
	tools := fs.String("tools", "claude,codex,cline,env", "")
	https := fs.Bool("https", false, "")
	if err := fs.Parse(args); err != nil {
		ts.Fatalf("wirehome: %v", err)
	}
	if *https {
		o.Root = "https://" + strings.TrimPrefix(o.Root, "http://")
	}
	o.Key, o.Tools = ts.Getenv(*keyVar), strings.Split(*tools, ",")
	ts.Check(o.write(ts.MkAbs("home")))
	ts.Setenv("TAOTOKEN_MODEL", o.Model)
}

// wireHome is a home where tools hold one gateway triple.
type wireHome struct {
	Root, Key, Model             string
	BackgroundModel              string // Claude Code's ANTHROPIC_DEFAULT_HAIKU_MODEL, when set
	Claude, Codex, Cline, DotEnv string // a tool's base URL exactly as written; "" for its right form
	Tools                        []string
}

// haikuLine is the background model's line in Claude's env, or nothing.
func (o wireHome) haikuLine() string {
	if o.BackgroundModel == "" {
		return ""
	}
	return fmt.Sprintf("\n    \"ANTHROPIC_DEFAULT_HAIKU_MODEL\": %q,", o.BackgroundModel)
}

// write creates the tools' files below home (and home/proj/.env), 0600.
func (o wireHome) write(home string) error {
	root := strings.TrimRight(o.Root, "/")
	or := func(v, def string) string {
		if v != "" {
			return v
		}
		return def
	}
	write := func(rel, content string) error {
		p := filepath.Join(home, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			return err
		}
		return os.WriteFile(p, []byte(content), 0o600)
	}
	if err := os.MkdirAll(filepath.Join(home, "proj"), 0o700); err != nil {
		return err
	}
	for _, t := range o.Tools {
		var err error
		switch t {
		case "claude":
			err = write(".claude/settings.json", fmt.Sprintf(`{
  "env": {
    "ANTHROPIC_BASE_URL": %q,
    "ANTHROPIC_AUTH_TOKEN": %q,%s
    "ANTHROPIC_MODEL": %q
  }
}
`, or(o.Claude, root), o.Key, o.haikuLine(), o.Model))
		case "codex":
			err = write(".codex/config.toml", fmt.Sprintf(`model = %q
model_provider = "gateway"

[model_providers.gateway]
name = "Gateway"
base_url = %q
env_key = "TAOTOKEN_API_KEY"
wire_api = "responses"
`, o.Model, or(o.Codex, root+"/v1")))
		case "cline":
			err = write(".cline/data/settings/providers.json", fmt.Sprintf(`{
  "version": 1,
  "lastUsedProvider": "openai-compatible",
  "modes": {},
  "providers": {
    "openai-compatible": {
      "settings": {"provider": "openai-compatible", "apiKey": %q, "model": %q, "baseUrl": %q},
      "updatedAt": "2026-11-29T21:35:09.883Z",
      "tokenSource": "manual"
    }
  }
}
`, o.Key, o.Model, or(o.Cline, root+"/v1")))
		case "env":
			err = write("proj/.env", fmt.Sprintf("TAOTOKEN_BASE_URL=%s\nTAOTOKEN_API_KEY=%s\nTAOTOKEN_MODEL=%s\n", or(o.DotEnv, root), o.Key, o.Model))
		default:
			err = fmt.Errorf("wirehome: unknown tool %q", t)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
