package fixer

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/writers"
)

const testKey = "sk-test-0123456789abcdef0123"

func testHome(t *testing.T, files map[string]string) (*env.Env, writers.Options) {
	t.Helper()
	home := testutil.TempDir(t)
	for rel, content := range files {
		p := filepath.Join(home, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := env.FromMap(map[string]string{"HOME": home})
	e.GOOS = "linux"
	p := gateway.Profile{BaseURL: "https://gateway.example/api", Key: testKey, Model: "gpt-4o"}
	return e, writers.Options{Env: e, Profile: p, Project: filepath.Join(home, "proj")}
}

const claudeDoubled = `{"env": {"ANTHROPIC_BASE_URL": "https://gateway.example/api/v1", "ANTHROPIC_AUTH_TOKEN": "` + testKey + `", "ANTHROPIC_MODEL": "gpt-4o"}}`

func TestPlan(t *testing.T) {
	e, wo := testHome(t, map[string]string{
		".claude/settings.json":               claudeDoubled,
		".cline/data/settings/providers.json": `{"providers": {"x": {"settings": {}`, // does not parse
		"proj/.env":                           "TAOTOKEN_API_KEY=" + testKey + "\n",
	})
	fs := []doctor.Finding{
		{Code: catalog.URLDoubleVersion, Status: doctor.Error, Tool: "claude", Source: "~/.claude/settings.json:1"},
		{Code: catalog.URLDoubleVersion, Status: doctor.Error, Tool: "anthropic", Source: "$ANTHROPIC_BASE_URL"},
		{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: "cline", Source: "~/.cline/data/settings/providers.json:1"},
		{Code: catalog.SecretPerms, Status: doctor.Warning, Tool: "env", Source: "~/proj/.env"},
		{Code: catalog.SecretInGit, Status: doctor.Error, Tool: "env", Source: "~/proj/.env"}, // tracked
		{Code: catalog.ProxyUnreachable, Status: doctor.Error, Tool: "claude", Source: "$HTTPS_PROXY"},
		{Code: catalog.URLInsecure, Status: doctor.Info, Tool: "claude"},
		// set in the project's settings, which setup (user scope) does not write
		{Code: catalog.TripleDrift, Status: doctor.Warning, Tool: "claude", Source: "~/proj/.claude/settings.json:2"},
	}
	r, err := Plan(e, Options{Writers: wo}, fs)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Fixes) != 7 {
		t.Fatalf("%d fixes, want 7 (info is no fix)", len(r.Fixes))
	}
	want := []struct {
		applied bool
		reason  string
	}{{true, ""}, {false, ""}, {false, "line 1"}, {true, ""}, {false, ""}, {false, ""}, {false, "setup does not write this file"}}
	for i, w := range want {
		f := r.Fixes[i]
		if f.Applied != w.applied || (w.reason == "") != (f.Reason == "") || !strings.Contains(f.Reason, w.reason) {
			t.Errorf("%s in %s: applied %v reason %q, want %v %q", f.Finding.Code, f.Finding.Tool, f.Applied, f.Reason, w.applied, w.reason)
		}
	}
	var got []string
	for _, c := range r.Plan.Pending() {
		got = append(got, c.Action()+" "+e.Tilde(c.Path))
	}
	want2 := filepath.FromSlash("update ~/.claude/settings.json, chmod ~/proj/.env")
	if runtime.GOOS == "windows" { // nothing to chmod there: the mode says nothing of others
		want2 = filepath.FromSlash("update ~/.claude/settings.json")
	}
	if strings.Join(got, ", ") != want2 {
		t.Errorf("pending: %v", got)
	}
}

// Without a complete profile a triple is not re-planned: setup's values
// would be empty, and a key must never be written beside another host.
func TestPlanIncompleteProfile(t *testing.T) {
	e, wo := testHome(t, map[string]string{".claude/settings.json": claudeDoubled})
	fs := []doctor.Finding{{Code: catalog.TripleDrift, Status: doctor.Warning, Tool: "claude", Source: "~/.claude/settings.json:1"}}
	r, err := Plan(e, Options{Writers: wo, Missing: "no key"}, fs)
	if err != nil {
		t.Fatal(err)
	}
	if r.Fixes[0].Applied || r.Fixes[0].Reason != "no key" || len(r.Plan.Pending()) != 0 {
		t.Fatalf("fix %+v, pending %d", r.Fixes[0], len(r.Plan.Pending()))
	}
}

func TestFixable(t *testing.T) {
	for _, c := range []catalog.Code{catalog.URLDoubleVersion, catalog.URLMissingVersion, catalog.TripleDrift, catalog.AuthConflict,
		catalog.CodexChatWire, catalog.SecretPerms, catalog.SecretInGit, catalog.ConfigInvalid, catalog.ModelNotFound, catalog.LoginToGateway} {
		if !Fixable(c) {
			t.Errorf("%s is not fixable", c)
		}
		if _, ok := catalog.Lookup(c); !ok {
			t.Errorf("%s is not in the catalog", c)
		}
	}
	for _, c := range []catalog.Code{catalog.ProxyUnreachable, catalog.LocalRelayDown, catalog.KeyPlaceholder, catalog.AuthInvalid} {
		if Fixable(c) {
			t.Errorf("%s is fixable: it is not a file edit", c)
		}
	}
}

func TestSourcePath(t *testing.T) {
	e := env.FromMap(map[string]string{"HOME": "/h"})
	for src, want := range map[string]string{
		"~/.claude/settings.json:3": "/h/.claude/settings.json",
		"~/proj/.env":               "/h/proj/.env",
		"~/.claude/settings.json:5 (env.ANTHROPIC_DEFAULT_HAIKU_MODEL)": "/h/.claude/settings.json",
		"/etc/x.json:12":      "/etc/x.json",
		"$ANTHROPIC_BASE_URL": "",
		"default":             "",
		"":                    "",
	} {
		// Windows shows the home as ~\ (and "/h" is "\h" there).
		if got := sourcePath(e, filepath.FromSlash(src)); got != filepath.FromSlash(want) {
			t.Errorf("sourcePath(%q) = %q, want %q", src, got, want)
		}
	}
}
