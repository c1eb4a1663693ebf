package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// teamProject is a repository whose keydoctor.yaml names root.
func teamProject(t *testing.T, root string) (dir, file string) {
	t.Helper()
	dir = t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(dir, profile.TeamFile)
	team := "base_url: " + root + "\nmodel: gpt-4o-mini\nbackground_model: gpt-4o-mini\ntools: [claude]\nkey_env: TEAM_API_KEY\n"
	if err := os.WriteFile(file, []byte(team), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, file
}

// TestSetupWizardTrustsTeamFile: the wizard shows an untrusted team
// file's gateway host, model and key variable and asks; yes takes them
// and records the trust.
func TestSetupWizardTrustsTeamFile(t *testing.T) {
	srv := startMock(t)
	e := wizardEnv(t, map[string]string{"TEAM_API_KEY": wizardKey})
	dir, file := teamProject(t, srv.Root())
	var out bytes.Buffer
	o := &setupOptions{
		Env: e, Project: dir, Interactive: true, Accessible: true,
		In: strings.NewReader("y\ny\ny\n"), Out: &out, Err: &out,
		ListModels: func(ctx context.Context, root, key string) ([]string, error) { return listModels(ctx, e, root, key) },
	}
	if err := runSetup(context.Background(), o); err != nil {
		t.Fatalf("setup: %v\n%s", err, out.String())
	}
	got := out.String()
	if strings.Contains(got, wizardKey) {
		t.Fatalf("the full key was printed:\n%s", got)
	}
	for _, want := range []string{"keydoctor.yaml is not trusted yet; it sets:", "  gateway  " + gateway.HostOf(srv.Root()),
		"  model    gpt-4o-mini", "  key from TEAM_API_KEY", "Trust ", "Use the key from TEAM_API_KEY"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	settings, _ := os.ReadFile(filepath.Join(e.Home, ".claude", "settings.json"))
	if !strings.Contains(string(settings), `"ANTHROPIC_BASE_URL": "`+srv.Root()+`"`) {
		t.Errorf("the team's gateway was not written:\n%s", settings)
	}
	found, err := profile.JudgeTeam(e, file)
	if err != nil || !found.Trusted {
		t.Errorf("the answer yes did not record the trust: %v", err)
	}
}

// TestSetupWizardIgnoresTeamFile: no ignores the file: the gateway is
// asked, the team's host is never sent a request, nothing is trusted.
func TestSetupWizardIgnoresTeamFile(t *testing.T) {
	srv := startMock(t)
	e := wizardEnv(t, map[string]string{"TEAM_API_KEY": wizardKey})
	dir, file := teamProject(t, srv.Root())
	var asked []string
	var out bytes.Buffer
	o := &setupOptions{
		Env: e, Project: dir, Interactive: true, Accessible: true,
		// no; gateway 1 (the default preset); the key typed; nothing answers, type the URL again: no;
		// a model typed; tools: done; write: no
		In: strings.NewReader("n\n1\n" + wizardKey + "\nn\nmy-model\n0\nn\n"), Out: &out, Err: &out,
		ListModels: func(_ context.Context, root, _ string) ([]string, error) {
			asked = append(asked, root)
			return nil, errors.New("connect-refused")
		},
	}
	if err := runSetup(context.Background(), o); err != nil {
		t.Fatalf("setup: %v\n%s", err, out.String())
	}
	got := out.String()
	if strings.Contains(got, wizardKey) {
		t.Fatalf("the full key was printed:\n%s", got)
	}
	if !strings.Contains(got, "keydoctor.yaml is ignored") || !strings.Contains(got, "Gateway") {
		t.Errorf("the answer no did not ignore the file:\n%s", got)
	}
	for _, root := range asked {
		if root == srv.Root() {
			t.Errorf("the ignored team file's gateway was asked for its models")
		}
	}
	if found, err := profile.JudgeTeam(e, file); err != nil || found.Trusted {
		t.Errorf("the answer no trusted the file: %v", err)
	}
}
