package all_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	tools "github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/keydoctor/keydoctor/writers"
)

// The conformance suite's homes: a throwaway home and project per case,
// the user's content it must keep, and small file helpers.

// profile is the triple the suite writes; root is taken as given (not
// normalised) so that a wrong version can be written on purpose.
func profile(root string) gateway.Profile {
	v := templates.Default().Vars
	return gateway.Profile{Preset: templates.DefaultPreset, BaseURL: root, Key: testKey, Model: model,
		KeyVar: v.APIKey, VarBaseURL: v.BaseURL, VarKey: v.APIKey, VarModel: v.Model}
}

// home is a throwaway home and project for one tool.
type home struct {
	tool    tools.Tool
	goos    string // whose paths the home has
	e       *env.Env
	vars    map[string]string
	project string
	before  map[string][]byte // each file before setup (nil: absent)
	plan    *writers.Plan     // what the last configure wrote
	backup  string
}

// messy is, per syntax, content of the user's that setup must keep, and
// fragments of it that must survive byte for byte.
var messy = map[tools.Syntax]struct {
	content string
	keep    []string
}{
	tools.JSON:   {"{\n  \"unrelated\": {\"keep\": [1, 2]},\n  \"zz\": \"x\"\n}\n", []string{`"unrelated": {"keep": [1, 2]}`, `"zz": "x"`}},
	tools.JSONC:  {"// keep this comment\n{\n  \"unrelated\": {\"keep\": [1, 2]}, // and this one\n}\n", []string{"// keep this comment", `"unrelated": {"keep": [1, 2]}, // and this one`}},
	tools.JSON5:  {"// keep this comment\n{\n  unrelated: {keep: [1, 2,], 'q': 0x1F}, // and this one\n}\n", []string{"// keep this comment", "unrelated: {keep: [1, 2,], 'q': 0x1F}, // and this one"}},
	tools.TOML:   {"# keep this comment\n[unrelated]\nkeep = [1, 2] # and this one\n", []string{"# keep this comment", "[unrelated]\nkeep = [1, 2] # and this one"}},
	tools.DotEnv: {"# keep this comment\nUNRELATED=1\n", []string{"# keep this comment", "UNRELATED=1"}},

	// A shell's profile, of which setup edits only its own block.
	tools.ShellProfile: {"# keep this comment\nalias ll='ls -l' # and this\n", []string{"# keep this comment\nalias ll='ls -l' # and this\n"}},
}

// newHome makes the tool's directories (as if it were installed) and, when
// messy, fills each of its files with content of the user's.
func newHome(t *testing.T, tool tools.Tool, goos string, withFiles bool) *home {
	t.Helper()
	dir := testutil.TempDir(t)
	vars := map[string]string{"HOME": dir}
	if goos == "windows" { // as Windows sets them for a user whose profile is dir
		vars["USERPROFILE"] = dir
		vars["APPDATA"] = filepath.Join(dir, "AppData", "Roaming")
		vars["LOCALAPPDATA"] = filepath.Join(dir, "AppData", "Local")
	}
	h := &home{tool: tool, goos: goos, vars: vars, project: filepath.Join(dir, "project"), before: map[string][]byte{}}
	h.newEnv()
	mkdir(t, h.project)
	for _, f := range h.files() {
		mkdir(t, filepath.Dir(f.Path))
		if withFiles {
			write(t, f.Path, messy[f.Syntax].content)
		}
	}
	for _, f := range h.files() {
		h.before[f.Path] = readOrNil(t, f.Path)
	}
	return h
}

func (h *home) newEnv() {
	h.e = env.FromMap(h.vars)
	h.e.GOOS = h.goos
}

// files are the tool's files in this home (never the system's).
func (h *home) files() []tools.File {
	var out []tools.File
	for _, f := range h.tool.FilesOf(h.e, h.project) {
		if !f.System {
			out = append(out, f)
		}
	}
	return out
}

func (h *home) options(p gateway.Profile) writers.Options {
	return writers.Options{Env: h.e, Profile: p, Project: h.project, ToolOptions: map[string]string{"mcp-command": "node gateway-mcp.js", "shell-profile": "true", "copilot-key": "file"}}
}

// fileHolds reports whether a file under dir contains s.
func fileHolds(t *testing.T, dir, s string) bool {
	found := false
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			found = found || bytes.Contains(readOrNil(t, p), []byte(s))
		}
		return nil
	})
	return found
}

func syntaxOf(h *home, path string) tools.Syntax {
	for _, f := range h.files() {
		if f.Path == path {
			return f.Syntax
		}
	}
	return ""
}

func diff(p *writers.Plan) string {
	var b strings.Builder
	p.Diff(&b, func(s string) string { return s })
	return b.String()
}

func noKey(t *testing.T, what, s string) {
	t.Helper()
	if strings.Contains(s, testKey) {
		t.Errorf("%s holds the full key:\n%s", what, s)
	}
}

func mkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

func readOrNil(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return b
}
