// Package invocation is how the user runs keydoctor again from the shell
// that started this process, for the commands' "now run …" lines.
package invocation

import (
	"os"
	"os/exec"
	"regexp"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
)

// launcherVar is set by the npm package's launcher (packaging/npm): "npx"
// when npm exec (npx) started it, so keydoctor is not on the PATH of the
// shell the user returns to; "npm" otherwise (a global or project install).
const launcherVar = "KEYDOCTOR_LAUNCHER"

// Of is how the user can run keydoctor again from the shell that
// started this process: "go run ./cmd/keydoctor", "npx keydoctor",
// "keydoctor" when that name finds this binary on PATH, or the path it was
// started by ("./keydoctor").
func Of(e *env.Env) string {
	exe, _ := os.Executable()
	return of(e.Getenv(launcherVar), exe, os.Args[0], func(name string) string {
		p, err := exec.LookPath(name)
		if err != nil {
			return ""
		}
		return p
	})
}

// plainArg is an argv[0] that prints as typed and pastes back into a
// shell as it is: no spaces, quotes, control bytes or escapes.
var plainArg = regexp.MustCompile(`^[A-Za-z0-9_./\\:~+-]+$`)

func of(launcher, exe, arg0 string, lookPath func(string) string) string {
	switch launcher {
	case "npx":
		return "npx keydoctor"
	case "npm": // the launcher on PATH (npm install -g), or a project's dependency
		if lookPath("keydoctor") != "" {
			return "keydoctor"
		}
		return "npx keydoctor"
	}
	if goRunBinary(exe) {
		return "go run ./cmd/keydoctor"
	}
	if exe != "" && sameFile(lookPath("keydoctor"), exe) {
		return "keydoctor"
	}
	// Started by a path ("./keydoctor", "dist/keydoctor_linux_amd64_v1/keydoctor"):
	// that path works again from the same directory.
	if strings.ContainsAny(arg0, `/\`) && plainArg.MatchString(arg0) {
		return arg0
	}
	return "keydoctor"
}

// goRunBinary reports whether exe is where `go run` puts the binary it
// builds: a directory named exe in a go-build work directory
// (…/go-build1234/b001/exe/keydoctor), or, once cached, an action
// directory of the build cache (…/go-build/3d/<64 hex>-d/keydoctor).
func goRunBinary(exe string) bool {
	// Both separators: the path may be Windows' whatever the test's GOOS.
	parts := strings.FieldsFunc(exe, func(r rune) bool { return r == '/' || r == '\\' })
	if len(parts) < 3 {
		return false
	}
	if cacheAction.MatchString(parts[len(parts)-2]) {
		return true
	}
	if parts[len(parts)-2] != "exe" {
		return false
	}
	for _, part := range parts[:len(parts)-2] {
		if strings.HasPrefix(part, "go-build") {
			return true
		}
	}
	return false
}

var cacheAction = regexp.MustCompile(`^[0-9a-f]{64}-d$`)

func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
