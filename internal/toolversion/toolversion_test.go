package toolversion

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

const qwen = "@qwen-code/qwen-code"

func writeManifest(t *testing.T, dir, name, version string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	body := `{"name": "` + name + `", "version": "` + version + `", "bin": {"qwen": "cli.js"}}`
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cli.js"), []byte("#!/usr/bin/env node\n"), 0o755); err != nil {
		t.Fatal(err)
	}
}

func envFor(home string, vars map[string]string) *env.Env {
	m := map[string]string{"HOME": home}
	for k, v := range vars {
		m[k] = v
	}
	e := env.FromMap(m)
	e.GOOS = runtime.GOOS
	return e
}

func TestDetectBehindAnNpmLink(t *testing.T) {
	root := testutil.TempDir(t)
	prefix := filepath.Join(root, "prefix")
	pkgDir := filepath.Join(prefix, "lib", "node_modules", "@qwen-code", "qwen-code")
	writeManifest(t, pkgDir, qwen, "0.24.4")
	bin := filepath.Join(prefix, "bin")
	os.MkdirAll(bin, 0o755)
	testutil.Symlink(t, filepath.Join("..", "lib", "node_modules", "@qwen-code", "qwen-code", "cli.js"), filepath.Join(bin, "qwen"))
	// An older copy in a global root must not win over what PATH runs.
	writeManifest(t, filepath.Join(root, "home", ".bun", "install", "global", "node_modules", "@qwen-code", "qwen-code"), qwen, "0.15.10")
	f, ok := Detect(envFor(filepath.Join(root, "home"), map[string]string{"PATH": bin}), "qwen", qwen)
	if !ok || f.Version != "0.24.4" || f.Command != filepath.Join(bin, "qwen") || f.Manifest != filepath.Join(pkgDir, "package.json") {
		t.Fatalf("Detect = %+v, %v", f, ok)
	}
}

func TestDetectBesideAShim(t *testing.T) {
	// npm on Windows: %APPDATA%\npm\qwen.cmd beside node_modules\…
	root := testutil.TempDir(t)
	npm := filepath.Join(root, "npm")
	writeManifest(t, filepath.Join(npm, "node_modules", "@qwen-code", "qwen-code"), qwen, "0.24.4")
	shim := "qwen"
	if runtime.GOOS == "windows" {
		shim = "qwen.cmd" // what npm writes there; PATHEXT finds it
	}
	if err := os.WriteFile(filepath.Join(npm, shim), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, ok := Detect(envFor(root, map[string]string{"PATH": npm}), "qwen", qwen)
	if !ok || f.Version != "0.24.4" || f.Command == "" {
		t.Fatalf("Detect = %+v, %v", f, ok)
	}
}

func TestDetectInGlobalRoots(t *testing.T) {
	for name, tt := range map[string]struct {
		vars map[string]string
		dir  []string // under home
	}{
		"nvm":        {map[string]string{"NVM_BIN": "{home}/.nvm/versions/node/v24.16.0/bin"}, []string{".nvm", "versions", "node", "v24.16.0", "lib", "node_modules"}},
		"npmrc":      {nil, []string{"npm-prefix", "lib", "node_modules"}},
		"env prefix": {map[string]string{"NPM_CONFIG_PREFIX": "{home}/p"}, []string{"p", "lib", "node_modules"}},
		"bun":        {nil, []string{".bun", "install", "global", "node_modules"}},
		"volta":      {nil, []string{".volta", "tools", "image", "packages", "@qwen-code", "qwen-code", "lib", "node_modules"}},
		"npm-global": {nil, []string{".npm-global", "lib", "node_modules"}},
	} {
		t.Run(name, func(t *testing.T) {
			if runtime.GOOS == "windows" {
				t.Skip("Unix layouts")
			}
			home := testutil.TempDir(t)
			os.WriteFile(filepath.Join(home, ".npmrc"), []byte("; comment\nprefix = ~/npm-prefix\n"), 0o644)
			vars := map[string]string{}
			for k, v := range tt.vars {
				vars[k] = filepath.Join(home, v[len("{home}"):])
			}
			writeManifest(t, filepath.Join(append(append([]string{home}, tt.dir...), "@qwen-code", "qwen-code")...), qwen, "0.24.4")
			f, ok := Detect(envFor(home, vars), "qwen", qwen)
			if !ok || f.Version != "0.24.4" || f.Command != "" {
				t.Fatalf("Detect = %+v, %v", f, ok)
			}
		})
	}
}

func TestDetectRefuses(t *testing.T) {
	home := testutil.TempDir(t)
	dir := filepath.Join(home, ".bun", "install", "global", "node_modules", "@qwen-code", "qwen-code")
	for name, tt := range map[string]struct{ name, version string }{
		"another package":     {"@qwen-code/other", "1.0.0"},
		"control bytes":       {qwen, `1.0.0\u001b[2J`},
		"no version":          {qwen, ""},
		"an overlong version": {qwen, "1.0.0-" + string(make([]byte, 80))},
	} {
		t.Run(name, func(t *testing.T) {
			writeManifest(t, dir, tt.name, tt.version)
			if f, ok := Detect(envFor(home, nil), "qwen", qwen); ok {
				t.Errorf("Detect = %+v, want nothing", f)
			}
		})
	}
	os.RemoveAll(filepath.Join(home, ".bun"))
	os.MkdirAll(filepath.Join(dir, "package.json"), 0o755) // a directory is no manifest
	if f, ok := Detect(envFor(home, nil), "qwen", qwen); ok {
		t.Errorf("Detect read a directory: %+v", f)
	}
}

func TestCandidatesPerOS(t *testing.T) {
	for _, tt := range []struct {
		goos string
		vars map[string]string
		want []string
	}{
		{"windows", map[string]string{"APPDATA": `C:\Users\kd\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\kd\AppData\Local`},
			[]string{
				filepath.Join(`C:\Users\kd\AppData\Roaming`, "npm", "node_modules", "@qwen-code", "qwen-code"),
				filepath.Join(`C:\Users\kd\AppData\Local`, "pnpm", "global", "5", "node_modules", "@qwen-code", "qwen-code"),
				filepath.Join(`C:\Users\kd\AppData\Local`, "Volta", "tools", "image", "packages", "@qwen-code", "qwen-code", "node_modules", "@qwen-code", "qwen-code"),
			}},
		{"darwin", nil, []string{
			filepath.Join("/h", "Library", "pnpm", "global", "5", "node_modules", "@qwen-code", "qwen-code"),
			filepath.Join("/opt/homebrew/lib/node_modules", "@qwen-code", "qwen-code"),
		}},
		{"linux", map[string]string{"XDG_DATA_HOME": "/x"}, []string{
			filepath.Join("/x", "pnpm", "global", "5", "node_modules", "@qwen-code", "qwen-code"),
			filepath.Join("/usr/lib/node_modules", "@qwen-code", "qwen-code"),
		}},
	} {
		e := envFor("/h", tt.vars)
		e.GOOS = tt.goos
		e.SystemNodeModules = env.SystemNodeModules(tt.goos)
		got := Candidates(e, qwen)
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: %s not among\n%v", tt.goos, w, got)
			}
		}
	}
}

func TestCandidatesHermetic(t *testing.T) {
	// A test's Env (no SystemNodeModules) looks under its home and its
	// variables only: never the machine's /usr/lib/node_modules.
	for _, goos := range []string{"linux", "darwin", "windows"} {
		e := envFor("/h", map[string]string{"APPDATA": `C:\Users\kd\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\kd\AppData\Local`})
		e.GOOS = goos
		for _, c := range Candidates(e, qwen) {
			if !strings.HasPrefix(c, filepath.FromSlash("/h")) && !strings.HasPrefix(c, `C:\Users\kd`) {
				t.Errorf("%s: %s is outside the home and the variables", goos, c)
			}
		}
	}
}
