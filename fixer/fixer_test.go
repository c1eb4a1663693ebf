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
	"github.com/keydoctor/keydoctor/internal/winacl"
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
	at := func(rel string) string { return filepath.Join(e.Home, rel) }
	// The findings as the checks raise them: each proposes the edit that
	// fixes it, or none when fixing it is a step.
	fs := []doctor.Finding{
		{Code: catalog.URLDoubleVersion, Status: doctor.Error, Tool: "claude", Source: "~/.claude/settings.json:1",
			Edit: writers.TripleEdit(gateway.ToolID("claude"), at(".claude/settings.json"))},
		{Code: catalog.URLDoubleVersion, Status: doctor.Error, Tool: "anthropic", Source: "$ANTHROPIC_BASE_URL",
			Edit: writers.TripleEdit(gateway.ToolID("anthropic"), "")}, // a shell variable: no edit
		// an edit whose file no longer parses is refused, naming the line
		{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: "cline", Source: "~/.cline/data/settings/providers.json:1",
			Edit: &writers.Edit{Kind: writers.EditStampProviders, Tool: gateway.ToolID("cline")}},
		{Code: catalog.SecretPerms, Status: doctor.Warning, Tool: "env", Source: "~/proj/.env",
			Edit: &writers.Edit{Kind: writers.EditSecretMode, Tool: gateway.ToolID("env"), Path: at("proj/.env")}},
		{Code: catalog.SecretInGit, Status: doctor.Error, Tool: "env", Source: "~/proj/.env"}, // tracked
		{Code: catalog.ProxyUnreachable, Status: doctor.Error, Tool: "claude", Source: "$HTTPS_PROXY"},
		{Code: catalog.URLInsecure, Status: doctor.Info, Tool: "claude"},
		// set in the project's settings, which setup (user scope) does not write
		{Code: catalog.TripleDrift, Status: doctor.Warning, Tool: "claude", Source: "~/proj/.claude/settings.json:2",
			Edit: writers.TripleEdit(gateway.ToolID("claude"), at("proj/.claude/settings.json"))},
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
	if runtime.GOOS == "windows" {
		// The DACL decides there, not the mode: Windows gives a file in the
		// test's directory an owner-only one (nothing to tighten); Wine makes
		// one from the Unix mode, 0644, with Everyone reading.
		if d, err := winacl.Read(at("proj/.env")); err != nil || len(d.Readers()) == 0 {
			want2 = filepath.FromSlash("update ~/.claude/settings.json")
		}
	}
	if strings.Join(got, ", ") != want2 {
		t.Errorf("pending: %v", got)
	}
}

// Without a complete profile a triple is not re-planned: setup's values
// would be empty, and a key must never be written beside another host.
func TestPlanIncompleteProfile(t *testing.T) {
	e, wo := testHome(t, map[string]string{".claude/settings.json": claudeDoubled})
	fs := []doctor.Finding{{Code: catalog.TripleDrift, Status: doctor.Warning, Tool: "claude", Source: "~/.claude/settings.json:1",
		Edit: writers.TripleEdit(gateway.ToolID("claude"), filepath.Join(e.Home, ".claude/settings.json"))}}
	r, err := Plan(e, Options{Writers: wo, Missing: "no key"}, fs)
	if err != nil {
		t.Fatal(err)
	}
	if r.Fixes[0].Applied || r.Fixes[0].Reason != "no key" || len(r.Plan.Pending()) != 0 {
		t.Fatalf("fix %+v, pending %d", r.Fixes[0], len(r.Plan.Pending()))
	}
}

// --fix applies the edit the finding carries, and only that: nothing is
// read back out of its text (a Source naming one file, an edit of
// another: the edit's file is changed), and an edit on a code the catalog
// does not declare FileFix is not applied.
func TestPlanAppliesTheFindingsEdit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no file mode to tighten on Windows")
	}
	e, wo := testHome(t, map[string]string{".claude/settings.json": claudeDoubled, "proj/.env": "TAOTOKEN_API_KEY=" + testKey + "\n"})
	env, settings := filepath.Join(e.Home, "proj/.env"), filepath.Join(e.Home, ".claude/settings.json")
	perms := func(code catalog.Code) doctor.Finding {
		return doctor.Finding{Code: code, Status: doctor.Warning, Tool: "env", Source: "~/.claude/settings.json:1",
			Edit: &writers.Edit{Kind: writers.EditSecretMode, Tool: gateway.ToolID("env"), Path: env}}
	}
	r, err := Plan(e, Options{Writers: wo}, []doctor.Finding{perms(catalog.SecretPerms)})
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Plan.Pending(); !r.Fixes[0].Applied || len(p) != 1 || p[0].Path != env || p[0].Action() != "chmod" {
		t.Fatalf("fix %+v, pending %+v: want the .env's mode tightened", r.Fixes[0], p)
	}
	for _, c := range r.Plan.Pending() {
		if c.Path == settings {
			t.Errorf("the file the Source names was planned: %+v", c)
		}
	}
	// the same edit on a code no file edit fixes
	r, err = Plan(e, Options{Writers: wo}, []doctor.Finding{perms(catalog.ProxyUnreachable)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Fixes[0].Applied || r.Fixes[0].Reason != "" || len(r.Plan.Pending()) != 0 {
		t.Errorf("fix %+v, pending %d: an edit of a code that is not FileFix was applied", r.Fixes[0], len(r.Plan.Pending()))
	}
	// no edit, no fix: a Source naming a file keydoctor writes is not enough
	r, err = Plan(e, Options{Writers: wo}, []doctor.Finding{{Code: catalog.URLDoubleVersion, Status: doctor.Error, Tool: "claude", Source: "~/.claude/settings.json:1"}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Fixes[0].Applied || len(r.Plan.Pending()) != 0 {
		t.Errorf("fix %+v, pending %d: a finding without an edit was fixed", r.Fixes[0], len(r.Plan.Pending()))
	}
}

// A wire finding about the very value an applied edit rewrites (the same
// tool, file and line, by their typed places) is cured by that edit; one
// about another line is still a step.
func TestPlanCuresTheSameValue(t *testing.T) {
	e, wo := testHome(t, map[string]string{".claude/settings.json": claudeDoubled})
	settings := filepath.Join(e.Home, ".claude", "settings.json")
	fs := []doctor.Finding{
		{Code: catalog.TripleDrift, Status: doctor.Warning, Tool: "claude", At: doctor.At{File: settings, Line: 1, Key: "env.ANTHROPIC_MODEL"},
			Edit: writers.TripleEdit(gateway.ToolID("claude"), settings)},
		{Code: catalog.ModelNotFound, Status: doctor.Error, Tool: "claude", At: doctor.At{File: settings, Line: 1, Key: "env.ANTHROPIC_MODEL"}},
		{Code: catalog.AuthInvalid, Status: doctor.Error, Tool: "claude", At: doctor.At{File: settings, Line: 2, Key: "env.ANTHROPIC_AUTH_TOKEN"}},
		{Code: catalog.ModelNotFound, Status: doctor.Error, Tool: "codex", At: doctor.At{File: settings, Line: 1}}, // another tool
	}
	r, err := Plan(e, Options{Writers: wo}, fs)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{true, true, false, false} {
		if r.Fixes[i].Applied != want {
			t.Errorf("%s in %s at line %d: applied %v, want %v", fs[i].Code, fs[i].Tool, fs[i].At.Line, r.Fixes[i].Applied, want)
		}
	}
}

// Without a complete profile a triple edit that carries the value's edit
// alone (a .env base URL's shape, writers.EditSetBase) applies that: the
// base URL on its own host, every other line kept, the key untouched.
func TestPlanIncompleteProfileAlone(t *testing.T) {
	const dotEnv = "# mine\nTAOTOKEN_BASE_URL=https://gw.example/api/v1/chat/completions\nTAOTOKEN_API_KEY=" + testKey + "\n"
	e, wo := testHome(t, map[string]string{"proj/.env": dotEnv})
	path := filepath.Join(e.Home, "proj/.env")
	ed := writers.TripleEdit(gateway.ToolID("env"), path)
	ed.Alone = writers.SetBaseEdit(gateway.ToolID("env"), path, "TAOTOKEN_BASE_URL", "https://gw.example/api")
	if ed.Alone == nil {
		t.Fatal("the .env plans no EditSetBase")
	}
	fs := []doctor.Finding{{Code: catalog.URLHasEndpoint, Status: doctor.Error, Tool: "env", Source: "~/proj/.env:2", Edit: ed}}
	r, err := Plan(e, Options{Writers: wo, Missing: "no key"}, fs)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Plan.Pending()
	if !r.Fixes[0].Applied || len(p) != 1 || p[0].Path != path {
		t.Fatalf("fix %+v, pending %+v", r.Fixes[0], p)
	}
	if got, want := string(p[0].New), strings.Replace(dotEnv, "/api/v1/chat/completions", "/api", 1); got != want {
		t.Errorf(".env:\n%s\nwant:\n%s", got, want)
	}
	if writers.SetBaseEdit(gateway.ToolID("claude"), filepath.Join(e.Home, ".claude/settings.json"), "env.ANTHROPIC_BASE_URL", "https://x") != nil {
		t.Error("a tool that plans no EditSetBase got one")
	}
}
