package checks

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// TestOpenProfileSet: no set without profiles or a team file, nor when
// the store does not read; else the stored profiles, keys read, the
// default and the team.
func TestOpenProfileSet(t *testing.T) {
	newEnv := func() *env.Env {
		dir := testutil.TempDir(t)
		e := env.FromMap(map[string]string{"HOME": dir, "XDG_CONFIG_HOME": filepath.Join(dir, "config"), "WORK_KEY": "sk-fake-work"})
		e.GOOS = "linux"
		return e
	}
	team := &profile.Team{Model: "gpt-team"}

	e := newEnv()
	if set := OpenProfileSet(e, nil); set != nil {
		t.Errorf("no store, no team: %+v, want nil", set)
	}
	if set := OpenProfileSet(e, team); set == nil || set.Team != team || len(set.Resolved) != 0 {
		t.Errorf("no store, a team: %+v, want the team alone", set)
	}

	st, err := profile.Open(e)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Put(profile.Profile{Name: "work", BaseURL: "https://gw.example/api", Model: "gpt-4o", KeyEnv: "WORK_KEY"}); err != nil {
		t.Fatal(err)
	}
	st.Default = "work"
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	set := OpenProfileSet(e, nil)
	if set == nil || set.Default != "work" || set.Team != nil || len(set.Resolved) != 1 {
		t.Fatalf("a stored profile: %+v", set)
	}
	if r := set.Resolved[0]; r.Name != "work" || r.Key != "sk-fake-work" || r.Root != "https://gw.example/api" {
		t.Errorf("resolved %+v", r)
	}

	bad := newEnv()
	if err := os.MkdirAll(bad.KeydoctorDir(), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(profile.Path(bad), []byte("nonsense: [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if set := OpenProfileSet(bad, team); set != nil {
		t.Errorf("a store that does not read: %+v, want nil", set)
	}
}
