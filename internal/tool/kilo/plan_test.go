package kilo_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/kilo"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// Setup writes the provider in the form Kilo reads, for both protocols
// and both key forms: the base URL ends in /v1 for both (7.7.7 sends
// …/v1/chat/completions and …/v1/messages), the model is declared, and
// a key in the file makes it 0600. Read back, the triple is the one
// written, with the protocol's request and header; a second run is a
// no-op.
func TestKiloSetupBothProtocols(t *testing.T) {
	for _, tt := range []struct {
		protocol, auth, npm, apiKey string
		wire                        gateway.Protocol
		header                      gateway.Auth
		request                     string
	}{
		{"chat", "file", "@ai-sdk/openai-compatible", writerstest.Key, gateway.Chat, gateway.AuthBearer, "https://taotoken.net/api/v1/chat/completions"},
		{"messages", "file", "@ai-sdk/anthropic", writerstest.Key, gateway.Messages, gateway.AuthXAPIKey, "https://taotoken.net/api/v1/messages"},
		{"chat", "env", "@ai-sdk/openai-compatible", "{env:TAOTOKEN_API_KEY}", gateway.Chat, gateway.AuthBearer, "https://taotoken.net/api/v1/chat/completions"},
		{"messages", "env", "@ai-sdk/anthropic", "{env:TAOTOKEN_API_KEY}", gateway.Messages, gateway.AuthXAPIKey, "https://taotoken.net/api/v1/messages"},
	} {
		t.Run(tt.protocol+"-"+tt.auth, func(t *testing.T) {
			o := writerstest.Options(t)
			o.ToolOptions = map[string]string{"kilo-protocol": tt.protocol, "kilo-auth": tt.auth}
			writerstest.Apply(t, o, writerstest.PlanOne(t, o, kilo.ID))
			path := kilo.Config(o.Env)
			if filepath.Base(path) != "kilo.jsonc" {
				t.Errorf("setup wrote %s, want kilo.jsonc (which Kilo patches in place)", path)
			}
			got := writerstest.ReadString(t, path)
			for _, frag := range []string{`"$schema": "https://app.kilo.ai/config.json"`, `"npm": "` + tt.npm + `"`,
				`"baseURL": "https://taotoken.net/api/v1"`, `"apiKey": "` + tt.apiKey + `"`, `"gpt-4o": {}`, `"model": "taotoken/gpt-4o"`} {
				if !strings.Contains(got, frag) {
					t.Errorf("kilo.jsonc lacks %s:\n%s", frag, got)
				}
			}
			if st, err := os.Stat(path); err == nil && !writerstest.NoModes && tt.auth == "file" && st.Mode().Perm() != 0o600 {
				t.Errorf("a config holding the key is %04o, want 0600", st.Mode().Perm())
			}
			if tt.auth == "env" {
				setenv(o, "TAOTOKEN_API_KEY", writerstest.Key)
			}
			s := discover.Discover(o.Env, discover.Options{Project: o.Project})
			k, ok := s.Tool(string(kilo.ID))
			if !ok {
				t.Fatalf("kilo not resolved; problems %+v", s.Problems)
			}
			if k.Rule.Protocol != tt.wire || k.Auth != tt.header || k.Rule.WillRequest(k.Base.Value) != tt.request {
				t.Errorf("read back %s %s %s, want %s %s %s", k.Rule.Protocol, k.Auth, k.Rule.WillRequest(k.Base.Value), tt.wire, tt.header, tt.request)
			}
			if k.Key.Value != writerstest.Key || k.Model.Value != "gpt-4o" {
				t.Errorf("key %q, model %q", k.Key.Value, k.Model.Value)
			}
			if again := writerstest.PlanOne(t, o, kilo.ID); len(again.Pending()) != 0 {
				t.Errorf("second run would change:\n%s", writerstest.Diff(again))
			}
		})
	}
}

// Kilo edits its global config on its first run, as these fixtures are
// the files 7.7.7 left: a kilo.json it rewrites whole (two-space layout,
// no final newline) adding "$schema" and "permission": {"bash": "allow"};
// the kilo.jsonc setup wrote (with its $schema) it patches, adding only
// the permission. Setup run again changes nothing (our keys hold our
// values; Kilo's additions are kept bytes), and doctor raises nothing
// about the file.
func TestKiloRerunAfterKiloRewrite(t *testing.T) {
	for _, tt := range []struct {
		fixture, file, protocol, auth, model string
	}{
		{"rewritten-anthropic.json", "kilo.json", "messages", "env", "claude-sonnet-4-5"},
		{"rewritten-chat.jsonc", "kilo.jsonc", "chat", "file", "gpt-4o"},
	} {
		t.Run(tt.fixture, func(t *testing.T) {
			rewritten, err := os.ReadFile(filepath.Join("testdata", tt.fixture))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(rewritten), `"bash": "allow"`) {
				t.Fatalf("%s is not a file as Kilo left it", tt.fixture)
			}
			// The fixtures hold the key the real run used; the plan's is longer.
			body := strings.ReplaceAll(string(rewritten), `"sk-test-0123456789abcdef"`, `"`+writerstest.Key+`"`)
			o := writerstest.Options(t)
			o.Profile.BaseURL, o.Profile.Model = "http://127.0.0.1:18103/api", tt.model
			o.ToolOptions = map[string]string{"kilo-protocol": tt.protocol, "kilo-auth": tt.auth}
			setenv(o, "TAOTOKEN_API_KEY", writerstest.Key)
			path := filepath.Join(kilo.Dir(o.Env), tt.file)
			writerstest.WriteFile(t, path, body, 0o600)
			if kilo.Config(o.Env) != path {
				t.Fatalf("setup would write %s, not the user's %s", kilo.Config(o.Env), tt.file)
			}
			if p := writerstest.PlanOne(t, o, kilo.ID); len(p.Pending()) != 0 {
				t.Errorf("setup after Kilo's rewrite would change:\n%s", writerstest.Diff(p))
			}
			for _, f := range offline(t, o) {
				if f.Code == catalog.SecretPerms && runtime.GOOS == "windows" {
					continue // no POSIX modes: every file reads as 0666 there
				}
				if f.Status >= doctor.Warning {
					t.Errorf("doctor on the file as Kilo left it: %s %s", f.Code, f.Message)
				}
			}
		})
	}
}

// A model the provider does not declare: Kilo stops with "Model not
// found" before any request; doctor says so offline, naming the models
// map and the file.
func TestKiloUndeclaredModel(t *testing.T) {
	o := writerstest.Options(t)
	writerstest.WriteFile(t, filepath.Join(kilo.Dir(o.Env), "kilo.jsonc"), `{
  // the user's own provider
  "provider": {"gw": {"npm": "@ai-sdk/openai-compatible", "options": {"baseURL": "https://gw.example/v1", "apiKey": "`+writerstest.Key+`"}, "models": {"gpt-4o": {}}}},
  "model": "gw/gpt-5"
}
`, 0o600)
	var found bool
	for _, f := range offline(t, o) {
		if f.Code == catalog.ModelUndeclared {
			found = true
			if !strings.Contains(f.Message, `"gw/gpt-5"`) || !strings.Contains(filepath.ToSlash(f.Fix), `add "gpt-5": {} to provider.gw.models in ~/.config/kilo/kilo.jsonc`) {
				t.Errorf("finding %q, fix %q", f.Message, f.Fix)
			}
			writerstest.NoKey(t, f.Message+f.Fix)
		}
	}
	if !found {
		t.Error("no model-undeclared finding")
	}
}

// offline is doctor's offline findings about Kilo in o's home.
func offline(t *testing.T, o writers.Options) []doctor.Finding {
	t.Helper()
	s := discover.Discover(o.Env, discover.Options{Project: o.Project})
	noGit := func(context.Context, string, ...string) (string, int, error) { return "", 128, nil }
	list := checks.Offline(checks.Options{Snapshot: s, Profile: o.Profile, Git: noGit,
		Dial: func(context.Context, string, string) (net.Conn, error) { return nil, os.ErrNotExist }})
	var out []doctor.Finding
	for _, f := range doctor.Run(context.Background(), o.Env, list, doctor.RunOptions{Timeout: time.Minute}) {
		if f.Tool == kilo.ID {
			out = append(out, f)
		}
	}
	return out
}

// setenv sets one variable of o's environment.
func setenv(o writers.Options, k, v string) {
	prev := o.Env.Getenv
	o.Env.Getenv = func(n string) string {
		if n == k {
			return v
		}
		return prev(n)
	}
}
