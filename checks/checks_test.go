package checks

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
)

const testKey = "sk-test-0123456789abcdef0123"

func snapshot(t *testing.T, files map[string]string, vars map[string]string) (*env.Env, *discover.Snapshot, string) {
	t.Helper()
	e, dir := envtest.Home(t, files, vars)
	return e, discover.Discover(e, discover.Options{Project: filepath.Join(dir, "proj")}), dir
}

func codes(fs []doctor.Finding) map[string]doctor.Status {
	out := map[string]doctor.Status{}
	for _, f := range fs {
		if f.Code != "" {
			out[string(f.Code)+"/"+string(f.Tool)] = f.Status
		}
	}
	return out
}

var claudeAt = func(base string) map[string]string {
	return map[string]string{".claude/settings.json": `{"env":{"ANTHROPIC_BASE_URL":"` + base + `","ANTHROPIC_AUTH_TOKEN":"` + testKey + `","ANTHROPIC_MODEL":"m"}}`}
}

func TestProxyDialsOncePerAddress(t *testing.T) {
	files := claudeAt("https://gateway.example/api")
	files[".codex/config.toml"] = "model = \"m\"\nmodel_provider = \"gw\"\n[model_providers.gw]\nbase_url = \"https://gateway.example/api/v1\"\nexperimental_bearer_token = \"" + testKey + "\"\nwire_api = \"responses\"\n"
	e, s, _ := snapshot(t, files, map[string]string{"HTTPS_PROXY": "http://10.9.9.9:7890"})
	var dials atomic.Int32
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		dials.Add(1)
		if addr != "10.9.9.9:7890" {
			t.Errorf("dialled %s", addr)
		}
		return nil, errors.New("connection refused")
	}
	o := Options{Snapshot: s, Dial: dial}
	o.defaults()
	fs := (&proxyCheck{snap: s, dial: o.dialer()}).Run(context.Background(), e)
	got := codes(fs)
	if got["proxy-unreachable/claude"] != doctor.Error || got["proxy-unreachable/codex"] != doctor.Error {
		t.Errorf("findings = %+v", fs)
	}
	if dials.Load() != 1 {
		t.Errorf("dialled %d times, want once", dials.Load())
	}
}

func TestRelayCheck(t *testing.T) {
	e, s, _ := snapshot(t, claudeAt("http://localhost:15721"), nil)
	var addr string
	dial := func(ctx context.Context, network, a string) (net.Conn, error) {
		addr = a
		return nil, errors.New("connection refused")
	}
	o := Options{Snapshot: s, Dial: dial}
	o.defaults()
	fs := relayCheck{snap: s, dial: o.dialer()}.Run(context.Background(), e)
	if len(fs) != 1 || fs[0].Code != "local-relay-down" || addr != "127.0.0.1:15721" {
		t.Fatalf("findings = %+v (dialled %s)", fs, addr)
	}
	if want := "start CC Switch and turn its local proxy on so that it listens on 127.0.0.1:15721, or point Claude Code at the gateway itself: 'keydoctor setup --tools claude'"; fs[0].Fix != want {
		t.Errorf("fix = %q", fs[0].Fix)
	}
}

func TestGitCheck(t *testing.T) {
	files := map[string]string{"proj/.env": "TAOTOKEN_BASE_URL=https://g.example/api\nTAOTOKEN_API_KEY=" + testKey + "\nTAOTOKEN_MODEL=m\n", "proj/.git/HEAD": "ref: refs/heads/main\n"}
	e, s, _ := snapshot(t, files, nil)
	// git answers: what ls-files prints, check-ignore's exit status.
	git := func(tracked string, ignoreExit int) GitRunner {
		return func(_ context.Context, dir string, args ...string) (string, int, error) {
			if a := args[len(args)-1]; a != ".env" && a != ":(literal).env" {
				t.Errorf("git %v in %s", args, dir)
			}
			switch args[0] {
			case "ls-files":
				return tracked, 0, nil
			case "check-ignore":
				return "", ignoreExit, nil
			}
			t.Errorf("git %v", args)
			return "", 128, nil
		}
	}
	tests := []struct {
		name string
		git  GitRunner
		want doctor.Status
		code string
	}{
		{"tracked", git(".env\x00", 1), doctor.Error, "secret-in-git"},
		{"tracked and ignored", git(".env\x00", 0), doctor.Error, "secret-in-git"},
		{"not ignored", git("", 1), doctor.Warning, "secret-in-git"},
		{"ignored", git("", 0), doctor.OK, ""},
		{"git refuses the repository", func(context.Context, string, ...string) (string, int, error) { return "", 128, nil }, doctor.Skipped, ""},
		{"no git", func(context.Context, string, ...string) (string, int, error) {
			return "", -1, errors.New("exec: git: not found")
		}, doctor.Skipped, ""},
	}
	for _, tt := range tests {
		fs := gitCheck{s, tt.git}.Run(context.Background(), e)
		if len(fs) != 1 || fs[0].Status != tt.want || string(fs[0].Code) != tt.code {
			t.Errorf("%s: %+v", tt.name, fs)
		}
	}
}

func TestOfflineNeverLeaksKey(t *testing.T) {
	files := claudeAt("https://gateway.example/api/v1")
	files[".claude/settings.json"] = `{"env":{"ANTHROPIC_BASE_URL":"http://x.example/v1","ANTHROPIC_API_KEY":"` + testKey + ` ","ANTHROPIC_AUTH_TOKEN":"` + testKey + `"}}`
	e, s, _ := snapshot(t, files, map[string]string{"ANTHROPIC_API_KEY": "sk-test-fedcba9876543210fedc"})
	fs := doctor.Run(context.Background(), e, Offline(Options{Snapshot: s}), doctor.RunOptions{})
	for _, f := range fs {
		for _, text := range []string{f.Message, f.Fix, f.Source} {
			for _, k := range []string{testKey, "sk-test-fedcba9876543210fedc"} {
				if strings.Contains(text, k) {
					t.Errorf("%s leaks a key: %s", f.Code, text)
				}
			}
		}
	}
	if codes(fs)["auth-conflict/claude"] != doctor.Error {
		t.Errorf("no auth-conflict: %+v", codes(fs))
	}
}
