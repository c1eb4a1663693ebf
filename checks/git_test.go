package checks

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// gitSetup runs git for a test's own setup (not hardened: the test plants
// the hostile configuration after it).
func gitSetup(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func needGit(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the planted commands are POSIX shell")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
}

// plantHostileGit makes every command a repository can configure touch a
// marker file in marks: core.fsmonitor, core.pager, diff.external,
// core.sshCommand, a filter's process and clean commands (named by
// .gitattributes for every file), textconv, and the hooks in both the
// default and a configured hooks directory.
func plantHostileGit(t *testing.T, repo, marks string) {
	t.Helper()
	touch := func(name string) string { return "touch " + filepath.Join(marks, name) + "; " }
	cfg := map[string]string{
		"core.fsmonitor":            touch("fsmonitor") + "echo",
		"core.pager":                touch("pager") + "cat",
		"pager.status":              touch("pager-status") + "cat",
		"diff.external":             touch("diff-external") + "true",
		"core.sshCommand":           touch("ssh") + "true",
		"filter.evil.process":       touch("filter-process") + "true",
		"filter.evil.clean":         touch("filter-clean") + "cat",
		"filter.evil.smudge":        touch("filter-smudge") + "cat",
		"filter.evil.required":      "false",
		"diff.evil.textconv":        touch("textconv") + "cat",
		"core.hooksPath":            filepath.Join(repo, "evilhooks"),
		"core.untrackedCache":       "true",
		"credential.helper":         "!" + touch("credential") + "true",
		"core.alternateRefsCommand": touch("alternate-refs") + "true",
	}
	for k, v := range cfg {
		gitSetup(t, repo, "config", k, v)
	}
	if err := os.WriteFile(filepath.Join(repo, ".gitattributes"), []byte("* filter=evil diff=evil\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{filepath.Join(repo, ".git", "hooks"), filepath.Join(repo, "evilhooks")} {
		os.MkdirAll(dir, 0o700)
		for _, h := range []string{"post-index-change", "pre-commit", "post-checkout", "reference-transaction", "fsmonitor-watchman"} {
			body := "#!/bin/sh\n" + touch("hook-"+h) + "\n"
			if err := os.WriteFile(filepath.Join(dir, h), []byte(body), 0o700); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func assertNoMarks(t *testing.T, marks string) {
	t.Helper()
	left, _ := os.ReadDir(marks)
	for _, m := range left {
		t.Errorf("git ran the repository's command %q", m.Name())
	}
}

// A cloned repository's .git/config may name commands; doctor's
// secret-in-git asks git about it and none of them may run, whether the
// key file is tracked, untracked or ignored.
func TestGitCheckRunsNoRepositoryCommand(t *testing.T) {
	needGit(t)
	for _, state := range []string{"tracked", "untracked", "ignored"} {
		t.Run(state, func(t *testing.T) {
			files := map[string]string{"proj/.env": "TAOTOKEN_BASE_URL=https://g.example/api\nTAOTOKEN_API_KEY=" + testKey + "\nTAOTOKEN_MODEL=m\n"}
			e, dir := snapshotHome(t, files)
			proj := filepath.Join(dir, "proj")
			gitSetup(t, proj, "init", "-q")
			switch state {
			case "tracked":
				gitSetup(t, proj, "add", "-f", ".env")
				gitSetup(t, proj, "commit", "-qm", "x")
			case "ignored":
				os.WriteFile(filepath.Join(proj, ".gitignore"), []byte(".env\n"), 0o600)
			}
			marks := testutil.TempDir(t)
			plantHostileGit(t, proj, marks)
			// A file whose stat no longer matches the index makes a status
			// compare content, through the filter.
			os.WriteFile(filepath.Join(proj, ".env"), []byte("TAOTOKEN_BASE_URL=https://g.example/api\nTAOTOKEN_API_KEY="+testKey+"\nTAOTOKEN_MODEL=n\n"), 0o600)
			s := discover.Discover(e, discover.Options{Project: proj})
			fs := gitCheck{s, ExecGit}.Run(context.Background(), e)
			want := map[string]doctor.Status{"tracked": doctor.Error, "untracked": doctor.Warning, "ignored": doctor.OK}[state]
			if len(fs) != 1 || fs[0].Status != want {
				t.Errorf("findings = %+v, want one %s", fs, want)
			}
			assertNoMarks(t, marks)
		})
	}
}

// A home tool directory that is a link into a dotfiles checkout: the key
// is in that checkout, and secret-in-git says so, naming both.
func TestGitCheckJudgesLinkTarget(t *testing.T) {
	needGit(t)
	files := map[string]string{"dotfiles/claude/settings.json": `{"env":{"ANTHROPIC_BASE_URL":"https://g.example/api","ANTHROPIC_AUTH_TOKEN":"` + testKey + `","ANTHROPIC_MODEL":"m"}}`}
	e, dir := snapshotHome(t, files)
	dot := filepath.Join(dir, "dotfiles")
	gitSetup(t, dot, "init", "-q")
	gitSetup(t, dot, "add", "claude/settings.json")
	gitSetup(t, dot, "commit", "-qm", "x")
	if err := os.Symlink(filepath.Join(dot, "claude"), filepath.Join(dir, ".claude")); err != nil {
		t.Fatal(err)
	}
	marks := testutil.TempDir(t)
	plantHostileGit(t, dot, marks)
	s := discover.Discover(e, discover.Options{Project: filepath.Join(dir, "proj")})
	fs := gitCheck{s, ExecGit}.Run(context.Background(), e)
	if len(fs) != 1 || fs[0].Status != doctor.Error || fs[0].Code != "secret-in-git" {
		t.Fatalf("findings = %+v", fs)
	}
	for _, want := range []string{"~/.claude/settings.json (a link to ~/dotfiles/claude/settings.json)", "~/dotfiles"} {
		if !strings.Contains(fs[0].Message, want) {
			t.Errorf("message %q lacks %q", fs[0].Message, want)
		}
	}
	if want := "git -C ~/dotfiles rm --cached claude/settings.json"; !strings.Contains(fs[0].Fix, want) {
		t.Errorf("fix %q lacks %q", fs[0].Fix, want)
	}
	assertNoMarks(t, marks)
}

func snapshotHome(t *testing.T, files map[string]string) (*env.Env, string) {
	e, _, dir := snapshot(t, files, nil)
	return e, dir
}
