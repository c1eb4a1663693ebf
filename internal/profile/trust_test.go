package profile

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"

	"github.com/keydoctor/keydoctor/internal/env"
)

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestLocateTeam: the nearest keydoctor.yaml up to the .git root; none
// outside a repository or above its root.
func TestLocateTeam(t *testing.T) {
	root := testutil.TempDir(t)
	write(t, filepath.Join(root, TeamFile), "model: above\n")                 // above every repository
	write(t, filepath.Join(root, "loose/deep/x"), "")                         // no repository
	write(t, filepath.Join(root, "repo/.git/HEAD"), "ref: refs/heads/main\n") // a repository
	write(t, filepath.Join(root, "repo/a/b/x"), "")
	write(t, filepath.Join(root, "other/.git"), "gitdir: ../x\n") // a worktree's .git file
	write(t, filepath.Join(root, "other/"+TeamFile), "model: other\n")
	write(t, filepath.Join(root, "other/sub/"+TeamFile), "model: sub\n")
	for _, tc := range []struct{ dir, want string }{
		{"loose/deep", ""}, {"loose", ""}, {".", ""},
		{"repo", ""}, {"repo/a/b", ""},
		{"other", "other/" + TeamFile}, {"other/sub", "other/sub/" + TeamFile},
	} {
		got, err := LocateTeam(filepath.Join(root, tc.dir))
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		if tc.want != "" {
			want = filepath.Join(root, tc.want)
		}
		if got != want {
			t.Errorf("%s: %q, want %q", tc.dir, got, want)
		}
	}
}

// TestTrustContent: trust is the exact content at that path; a changed
// file, or the same content elsewhere, is not trusted; revoke forgets.
func TestTrustContent(t *testing.T) {
	home := testutil.TempDir(t)
	e := env.FromMap(map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config")})
	e.GOOS = "linux"
	repo := filepath.Join(testutil.TempDir(t), "repo")
	write(t, filepath.Join(repo, ".git/HEAD"), "")
	file := filepath.Join(repo, TeamFile)
	write(t, file, "base_url: https://gw.example.com/api\nkey_env: GW_KEY\n")
	f, err := TeamFor(e, repo)
	if err != nil || f == nil || f.Trusted || f.Changed {
		t.Fatalf("a new file: %+v, %v", f, err)
	}
	if host, _, keyEnv := f.Shown(); host != "gw.example.com" || keyEnv != "GW_KEY" {
		t.Errorf("shown: %s %s", host, keyEnv)
	}
	if err := f.Trust(e); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(TrustPath(e)); err != nil || runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 { // no modes on Windows
		t.Errorf("trust store: %v %v", fi, err)
	}
	if f, _ := TeamFor(e, filepath.Join(repo)); !f.Trusted {
		t.Error("trusted, then not")
	}
	other := filepath.Join(testutil.TempDir(t), "clone")
	write(t, filepath.Join(other, ".git/HEAD"), "")
	b, _ := os.ReadFile(file)
	write(t, filepath.Join(other, TeamFile), string(b))
	if f, _ := TeamFor(e, other); f.Trusted {
		t.Error("the same content at another path is trusted")
	}
	write(t, file, string(b)+"model: gpt-5\n")
	if f, _ := TeamFor(e, repo); f.Trusted || !f.Changed {
		t.Errorf("a changed file: trusted %v, changed %v", f.Trusted, f.Changed)
	}
	tr, err := OpenTrust(e)
	if err != nil {
		t.Fatal(err)
	}
	if tr.State(f.Path) != "changed" || !tr.Revoke(f.Path) || tr.Revoke(f.Path) {
		t.Error("revoke")
	}
}
