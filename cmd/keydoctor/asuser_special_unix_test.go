//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// specialShapes are what a cloned repository can commit in place of a
// file: a link to an endless device, a FIFO (a read that never returns),
// a file over the 16 MiB cap, a directory. Each makes keydoctor refuse
// with a message that says what the file is.
var specialShapes = []struct {
	name, says string
	make       func(t *testing.T, h *userHome, rel string)
}{
	{"dev-zero", "is a character device, not a regular file", func(t *testing.T, h *userHome, rel string) {
		h.MkdirAll(filepath.Dir(h.Path(rel)))
		if err := os.Symlink("/dev/zero", h.Path(rel)); err != nil {
			t.Fatal(err)
		}
		h.chown(h.Path(rel))
	}},
	{"fifo", "is a FIFO (named pipe), not a regular file", func(t *testing.T, h *userHome, rel string) {
		h.MkdirAll(filepath.Dir(h.Path(rel)))
		if err := syscall.Mkfifo(h.Path(rel), 0o600); err != nil {
			t.Fatal(err)
		}
		h.chown(h.Path(rel))
	}},
	{"17MiB", "is 17.0 MiB; keydoctor reads config files up to 16 MiB", func(t *testing.T, h *userHome, rel string) {
		body := "{\"a\": \"" + strings.Repeat("x", 17<<20) + "\"}\n"
		if strings.HasSuffix(rel, ".env") {
			body = "A=" + strings.Repeat("x", 17<<20) + "\n"
		}
		h.WriteFile(rel, body, 0o600)
	}},
	{"directory", "is a directory", func(t *testing.T, h *userHome, rel string) {
		h.MkdirAll(h.Path(rel))
	}},
}

// runBounded runs the built keydoctor with a deadline far above any
// honest run: a run that waits on a FIFO or reads /dev/zero forever is
// killed there, and the test fails saying so.
func runBounded(t *testing.T, h *userHome, args ...string) runResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := h.Command(args...)
	bounded := exec.CommandContext(ctx, cmd.Path, cmd.Args[1:]...)
	bounded.Dir, bounded.Env, bounded.SysProcAttr = cmd.Dir, cmd.Env, cmd.SysProcAttr
	var out, errb bytes.Buffer
	bounded.Stdout, bounded.Stderr = &out, &errb
	err := bounded.Run()
	if ctx.Err() != nil {
		t.Fatalf("keydoctor %s did not finish (hung or unbounded read): %v", strings.Join(args, " "), err)
	}
	r := runResult{Stdout: out.String(), Stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.Code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return r
}

func TestSpecialFilesAreRefused(t *testing.T) {
	binaryTest(t)
	files := []struct {
		rel  string
		team bool // keydoctor.yaml: every command refuses (exit 2)
	}{
		{"proj/.env", false},
		{"proj/keydoctor.yaml", true},
		{"proj/.claude/settings.json", false},
		{".claude/settings.json", false},
	}
	forEachUser(t, func(t *testing.T, u binUser) {
		for _, f := range files {
			for _, shape := range specialShapes {
				t.Run(strings.ReplaceAll(f.rel, "/", "_")+"/"+shape.name, func(t *testing.T) {
					h := keyedHome(t, u)
					h.Env = append(h.Env, "TAOTOKEN_BASE_URL=http://127.0.0.1:9/api")
					h.WriteFile("proj/.git/HEAD", "ref: refs/heads/main\n", 0o600)
					shape.make(t, h, f.rel)
					name := "~/" + f.rel
					says := func(r runResult) {
						t.Helper()
						if !strings.Contains(r.Stdout+r.Stderr, shape.says) || !strings.Contains(r.Stdout+r.Stderr, filepath.Base(f.rel)) {
							t.Fatalf("the output does not name %s and say %q:\nstdout:\n%s\nstderr:\n%s", name, shape.says, r.Stdout, r.Stderr)
						}
					}
					status, doctor := 0, 1
					if f.team {
						status, doctor = 2, 2
					}
					r := runBounded(t, h, "status")
					wantCode(t, r, status)
					says(r)
					r = runBounded(t, h, "doctor", "--offline")
					wantCode(t, r, doctor)
					says(r)
					if !f.team && !strings.Contains(r.Stdout, "config-invalid") {
						t.Fatalf("doctor: no config-invalid finding:\n%s", r.Stdout)
					}
					r = runBounded(t, h, "setup", "--yes", "--tools", "claude,env", "--model", "m1")
					noCanary(t, r)
					if f.rel == "proj/.claude/settings.json" {
						// Not a file setup writes: written around, then reported.
						wantCode(t, r, 1)
						says(r)
						return
					}
					wantCode(t, r, 2)
					switch {
					case shape.name == "directory": // the writer's own "is a directory, not a file"
					case strings.HasPrefix(f.rel, "proj/") && strings.Contains(r.Stderr, "outside the project: keydoctor does not write through it"):
						// A project file linked outside the project is refused as
						// a link first (issue 22 item 2), before it is read.
					default:
						says(r)
					}
					for _, rel := range []string{".claude/settings.json", "proj/.env"} {
						if rel != f.rel && h.ReadFile(rel) != "" {
							t.Fatalf("setup refused but wrote %s", rel)
						}
					}
				})
			}
		}
	})
}
