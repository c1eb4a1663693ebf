package opencode

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

// OpenCode's project configs run from the git root down to the working
// directory, .jsonc after .json in each; the project's own opencode.json is
// listed even when absent, nothing above the git root is.
func TestOpenCodeProjectFiles(t *testing.T) {
	root := testutil.TempDir(t)
	touch := func(rel string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	touch("opencode.json") // above the git root
	if err := os.MkdirAll(filepath.Join(root, "repo", ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	a := touch("repo/opencode.jsonc")
	b := touch("repo/a/opencode.json")
	c := touch("repo/a/opencode.jsonc")
	project := filepath.Join(root, "repo", "a", "b")
	if err := os.MkdirAll(project, 0o700); err != nil {
		t.Fatal(err)
	}
	got := ProjectFiles(project)
	want := []string{a, b, c, filepath.Join(project, "opencode.json")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	d := touch("repo/a/b/opencode.jsonc")
	if got := ProjectFiles(project); !reflect.DeepEqual(got, append(want, d)) {
		t.Errorf("with the project's jsonc: got %q", got)
	}
}
