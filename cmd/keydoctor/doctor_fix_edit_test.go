package main

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

// What --fix writes is the edits the findings carry, and nothing else:
// every applied finding's edit names a file the plan changes, and every
// file the plan changes is one an applied finding's edit is about (its
// tool's triple, or the file itself).
func TestDoctorFixAppliesFindingsEdits(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	e := wizardEnv(t, map[string]string{"TAOTOKEN_API_KEY": key, "TAOTOKEN_BASE_URL": "https://gateway.example/api", "TAOTOKEN_MODEL": "gpt-4o"})
	project := testutil.TempDir(t)
	files := map[string]string{
		filepath.Join(e.Home, ".claude", "settings.json"): `{"env": {"ANTHROPIC_BASE_URL": "https://gateway.example/api/v1", "ANTHROPIC_AUTH_TOKEN": "` + key + `", "ANTHROPIC_MODEL": "gpt-4o"}}`,
		filepath.Join(e.Home, ".codex", "config.toml"):    "model = \"gpt-4o\"\nmodel_provider = \"gw\"\n\n[model_providers.gw]\nname = \"Gateway\"\nbase_url = \"https://gateway.example/api/v1\"\nenv_key = \"TAOTOKEN_API_KEY\"\nwire_api = \"chat\"\n",
		filepath.Join(project, ".env"):                    "TAOTOKEN_BASE_URL=https://gateway.example/api\nTAOTOKEN_API_KEY=" + key + "\nTAOTOKEN_MODEL=gpt-4o\n",
	}
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if runtime.GOOS != "windows" {
		if err := os.Chmod(filepath.Join(project, ".env"), 0o644); err != nil { // secret-perms
			t.Fatal(err)
		}
	}
	o := &doctorOptions{Env: e, Offline: true, Project: project, Timeout: 5 * time.Second}
	in, err := doctorFixFindings(context.Background(), o, mustProfile(t, o))
	if err != nil {
		t.Fatal(err)
	}
	r, err := in.Plan()
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]string{} // path → tool
	for _, c := range r.Plan.Pending() {
		changed[c.Path] = string(c.Tool)
	}
	tools := map[string]bool{}
	applied := 0
	for _, f := range r.Fixes {
		if !f.Applied || f.Finding.Edit == nil {
			continue
		}
		applied++
		tools[string(f.Finding.Edit.Tool)] = true
		if p := f.Finding.Edit.Path; p != "" {
			if _, ok := changed[p]; !ok {
				t.Errorf("%s (%s) is applied, but the plan does not change %s", f.Finding.Code, f.Finding.Tool, p)
			}
		}
	}
	for p, tool := range changed {
		if !tools[tool] {
			t.Errorf("the plan changes %s (%s), which no applied finding's edit is about", p, tool)
		}
	}
	// url-double-version (Claude Code) and codex-chat-wire at least
	if applied < 2 || len(changed) < 2 {
		t.Fatalf("%d edits applied, %d files changed: %+v", applied, len(changed), r.Fixes)
	}
}
