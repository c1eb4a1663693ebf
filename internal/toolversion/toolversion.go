// Package toolversion finds which version of an npm-installed tool the
// user runs, without running it: the package.json of the package behind
// the command on PATH (an npm link, a Windows .cmd shim beside its
// node_modules), else of the package in the global roots of the Node
// version managers and package managers people install tools with (npm's
// prefix, nvm, Volta, fnm, pnpm, Bun), per OS. Every place it looks comes
// from the env.Env (its home, its variables, its SystemNodeModules), so a
// test sees only the layout it made.
package toolversion

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/safefile"
)

// Found is an installed package.
type Found struct {
	Package string // the npm package name, "@scope/name"
	Version string // its package.json version, "0.24.4"
	// Manifest is the package.json it was read from.
	Manifest string
	// Command is the command on PATH it was found behind ("" when it was
	// found in a global root the PATH does not reach).
	Command string
	// Via says how it was found: ViaManifest, ViaExtension, ViaInstall,
	// ViaCommand.
	Via string
}

// Detect finds the version of package pkg that runs as command bin.
func Detect(e *env.Env, bin, pkg string) (Found, bool) {
	if bin != "" {
		if cmd, err := e.LookPath(bin); err == nil {
			if f, ok := behind(cmd, pkg); ok {
				f.Command = cmd
				return platformBinary(e.GOOS, f), true
			}
		}
	}
	for _, dir := range Candidates(e, pkg) {
		if f, ok := manifest(dir, pkg); ok {
			return platformBinary(e.GOOS, f), true
		}
	}
	return Found{}, false
}

// Candidates are the directories a global install of pkg lands in: the
// package under each of GlobalRoots, and Volta's own layout (one image
// per package: VOLTA_HOME/tools/image/packages/PKG/lib/node_modules/PKG,
// without lib on Windows).
func Candidates(e *env.Env, pkg string) []string {
	rel := filepath.FromSlash(pkg)
	var out []string
	for _, root := range GlobalRoots(e) {
		out = append(out, filepath.Join(root, rel))
	}
	img := filepath.Join(voltaHome(e), "tools", "image", "packages", rel)
	if e.GOOS == "windows" {
		return append(out, filepath.Join(img, "node_modules", rel))
	}
	return append(out, filepath.Join(img, "lib", "node_modules", rel))
}

func voltaHome(e *env.Env) string {
	if v := e.Getenv("VOLTA_HOME"); v != "" {
		return v
	}
	if e.GOOS == "windows" {
		return filepath.Join(localAppData(e), "Volta")
	}
	return filepath.Join(e.Home, ".volta")
}

// behind finds the package a command on PATH runs: a link into the
// package (npm on Unix links PREFIX/bin/CMD to
// ../lib/node_modules/@SCOPE/NAME/cli.js), or a shim beside the package's
// node_modules (npm on Windows writes CMD.cmd next to
// node_modules\@SCOPE\NAME; a Unix prefix has it at
// ../lib/node_modules).
func behind(cmd, pkg string) (Found, bool) {
	if real, err := filepath.EvalSymlinks(cmd); err == nil && real != cmd {
		for dir := filepath.Dir(real); ; dir = filepath.Dir(dir) {
			if f, ok := manifest(dir, pkg); ok {
				return f, true
			}
			if filepath.Dir(dir) == dir || filepath.Base(dir) == "node_modules" {
				break
			}
		}
	}
	dir := filepath.Dir(cmd)
	for _, root := range []string{
		filepath.Join(dir, "node_modules"),
		filepath.Join(dir, "..", "lib", "node_modules"),
	} {
		if f, ok := manifest(filepath.Join(root, filepath.FromSlash(pkg)), pkg); ok {
			return f, true
		}
	}
	return Found{}, false
}

// maxManifest caps a package.json read: a real one is a few KiB.
const maxManifest = 1 << 20

// manifest reads dir/package.json when it is package pkg's.
func manifest(dir, pkg string) (Found, bool) {
	path := filepath.Join(dir, "package.json")
	b, err := safefile.ReadLimit(path, maxManifest)
	if err != nil {
		return Found{}, false
	}
	var m struct{ Name, Version string }
	if json.Unmarshal(b, &m) != nil || m.Name != pkg || !plausible(m.Version) {
		return Found{}, false
	}
	return Found{Package: pkg, Version: m.Version, Manifest: path, Via: ViaManifest}, true
}

// plausible accepts a semver-like version and nothing a terminal could
// misread (the file is the user's, but what it says is printed).
func plausible(v string) bool {
	if v == "" || len(v) > 64 {
		return false
	}
	return strings.IndexFunc(v, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '.' || r == '-' || r == '+')
	}) < 0
}

// GlobalRoots are the node_modules directories global installs land in,
// most specific first: npm's configured prefix, the active nvm / fnm
// version, pnpm's and Bun's global directories, then the defaults of the
// OS (Volta keeps one directory per package: see Candidates).
func GlobalRoots(e *env.Env) []string {
	var roots []string
	add := func(parts ...string) {
		if parts[0] == "" {
			return
		}
		p := filepath.Join(parts...)
		if !slices.Contains(roots, p) {
			roots = append(roots, p)
		}
	}
	win := e.GOOS == "windows"
	prefix := func(p string) {
		if win {
			add(p, "node_modules")
		} else {
			add(p, "lib", "node_modules")
		}
	}
	if p := e.Getenv("NPM_CONFIG_PREFIX"); p != "" {
		prefix(p)
	} else if p := e.Getenv("npm_config_prefix"); p != "" {
		prefix(p)
	}
	if p := npmrcPrefix(e); p != "" {
		prefix(p)
	}
	if bin := e.Getenv("NVM_BIN"); bin != "" { // the active nvm version
		add(filepath.Dir(bin), "lib", "node_modules")
	}
	if p := e.Getenv("NVM_SYMLINK"); p != "" { // nvm-windows
		add(p, "node_modules")
	}
	if p := e.Getenv("FNM_MULTISHELL_PATH"); p != "" {
		prefix(p)
	}
	pnpm := e.Getenv("PNPM_HOME")
	if pnpm == "" {
		switch e.GOOS {
		case "windows":
			pnpm = filepath.Join(localAppData(e), "pnpm")
		case "darwin":
			pnpm = filepath.Join(e.Home, "Library", "pnpm")
		default:
			pnpm = filepath.Join(dataHome(e), "pnpm")
		}
	}
	add(pnpm, "global", "5", "node_modules")
	bun := e.Getenv("BUN_INSTALL")
	if bun == "" {
		bun = filepath.Join(e.Home, ".bun")
	}
	add(bun, "install", "global", "node_modules")
	if win {
		add(e.Getenv("APPDATA"), "npm", "node_modules")
	} else {
		add(e.Home, ".npm-global", "lib", "node_modules") // npm's docs' EACCES fix
	}
	// Last, the OS's own (outside the home: a test's Env has none).
	for _, dir := range e.SystemNodeModules {
		add(dir)
	}
	return roots
}

func localAppData(e *env.Env) string {
	if v := e.Getenv("LOCALAPPDATA"); v != "" {
		return v
	}
	return filepath.Join(e.Home, "AppData", "Local")
}

func dataHome(e *env.Env) string {
	if v := e.Getenv("XDG_DATA_HOME"); v != "" {
		return v
	}
	return filepath.Join(e.Home, ".local", "share")
}

// npmrcPrefix is the prefix= line of the user's ~/.npmrc.
func npmrcPrefix(e *env.Env) string {
	b, err := safefile.ReadLimit(filepath.Join(e.Home, ".npmrc"), maxManifest)
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if ok && strings.TrimSpace(k) == "prefix" {
			v = strings.Trim(strings.TrimSpace(v), `"'`)
			if rest, ok := strings.CutPrefix(v, "~"); ok {
				v = e.Home + rest
			}
			return v
		}
	}
	return ""
}
