package toolversion

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"golang.org/x/mod/semver"
)

// How a version was found (Found.Via).
const (
	ViaManifest  = "package.json"
	ViaExtension = "extension manifest"
	ViaInstall   = "install directory" // a native installer's versions/X.Y.Z
	ViaCommand   = "--version"
)

// VersionTimeout bounds a `--version` run: the tools answer it in well
// under a second (Node starting up); one that does not is not waited for.
const VersionTimeout = 3 * time.Second

// Of is the version of tool t installed for e, found in this order: its
// editor extension's manifest (t.Extension), its npm package's
// package.json behind the command on PATH or in a global root
// (t.Package), the version directory a native installer links the
// command to, and last what `t.Binary --version` prints, run within
// VersionTimeout, for a command found on PATH with none of those.
func Of(ctx context.Context, e *env.Env, t tool.Tool) (Found, bool) {
	if t.Extension != "" {
		var dirs []string
		if t.ExtensionDirs != nil {
			dirs = t.ExtensionDirs(e)
		}
		return Extension(dirs, t.Extension)
	}
	if t.Package != "" {
		if f, ok := Detect(e, t.Binary, t.Package); ok {
			return f, true
		}
	}
	if t.Binary == "" {
		return Found{}, false
	}
	cmd, err := e.LookPath(t.Binary)
	if err != nil {
		return Found{}, false
	}
	if f, ok := installed(cmd); ok {
		f.Package, f.Command = t.Package, cmd
		return f, true
	}
	return command(ctx, e, cmd)
}

// installed is the version a native installer names the file the
// command links to after: an installer that keeps
// ~/.local/share/x/versions/2.1.197 links ~/.local/bin/x to it
// (docs/tools.md, "Installed versions").
func installed(cmd string) (Found, bool) {
	real, err := filepath.EvalSymlinks(cmd)
	if err != nil || real == cmd || filepath.Base(filepath.Dir(real)) != "versions" {
		return Found{}, false
	}
	v := filepath.Base(real)
	if !plausible(v) || !semver.IsValid("v"+v) {
		return Found{}, false
	}
	return Found{Version: v, Manifest: real, Via: ViaInstall}, true
}

// versionRE is the first version-looking word of a --version line:
// "2.1.197 (Some Tool)", "some-cli 0.171.0", "0.61.0".
var versionRE = regexp.MustCompile(`\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?`)

// maxVersionOutput caps what a --version run may print.
const maxVersionOutput = 4 << 10

// command runs cmd --version with the environment's variables, no stdin,
// under the deadline, and reads the version from what it printed.
func command(ctx context.Context, e *env.Env, cmd string) (Found, bool) {
	ctx, cancel := context.WithTimeout(ctx, VersionTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, cmd, "--version")
	c.Env = e.Environ()
	c.Dir = os.TempDir()
	var out limited
	c.Stdout = &out
	c.WaitDelay = time.Second // a child keeping the pipe open is not waited for
	if c.Run() != nil {
		return Found{}, false
	}
	v := versionRE.FindString(out.String())
	if v == "" || !plausible(v) {
		return Found{}, false
	}
	return Found{Version: v, Command: cmd, Via: ViaCommand}, true
}

// limited keeps the first maxVersionOutput bytes written to it.
type limited struct{ bytes.Buffer }

func (l *limited) Write(p []byte) (int, error) {
	if room := maxVersionOutput - l.Len(); room > 0 {
		l.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// Extension is the newest installed version of the editor extension id
// (publisher.name) in dirs, the folders its editor installs extensions
// in: each version in <dir>/<id>-<version>/ with its package.json.
func Extension(dirs []string, id string) (Found, bool) {
	publisher, name, _ := strings.Cut(id, ".")
	var best Found
	for _, dir := range dirs {
		matches, _ := filepath.Glob(filepath.Join(dir, id+"-*"))
		for _, m := range matches {
			f, ok := extensionManifest(m, publisher, name)
			if ok && (best.Version == "" || Compare(f.Version, best.Version) > 0) {
				best = f
			}
		}
	}
	return best, best.Version != ""
}

func extensionManifest(dir, publisher, name string) (Found, bool) {
	path := filepath.Join(dir, "package.json")
	b, err := safefile.ReadLimit(path, maxManifest)
	if err != nil {
		return Found{}, false
	}
	var m struct{ Name, Publisher, Version string }
	if json.Unmarshal(b, &m) != nil || !strings.EqualFold(m.Publisher, publisher) || m.Name != name || !plausible(m.Version) {
		return Found{}, false
	}
	return Found{Package: publisher + "." + name, Version: m.Version, Manifest: path, Via: ViaExtension}, true
}

// Compare orders two versions as semver does (-1, 0, +1); one that is not
// semver sorts before any that is.
func Compare(a, b string) int { return semver.Compare("v"+a, "v"+b) }

// Versions are the installed versions of tools, by id.
type Versions map[gateway.ToolID]Found

// ForIDs is the version of each registered tool among ids that is found
// installed (Of; each looked for once).
func ForIDs(ctx context.Context, e *env.Env, ids ...gateway.ToolID) Versions {
	out := Versions{}
	seen := map[gateway.ToolID]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if t, ok := tool.Lookup(string(id)); ok {
			if f, ok := Of(ctx, e, t); ok {
				out[id] = f
			}
		}
	}
	return out
}

// Where says where the version was read, for people: the manifest's path
// (with ~), or the command run.
func (f Found) Where(e *env.Env) string {
	if f.Via == ViaCommand {
		return e.Tilde(f.Command) + " --version"
	}
	return e.Tilde(f.Manifest)
}

// Strings are the versions alone, by id (discover.Snapshot.AtVersions).
func (vs Versions) Strings() map[gateway.ToolID]string {
	out := make(map[gateway.ToolID]string, len(vs))
	for id, f := range vs {
		out[id] = f.Version
	}
	return out
}
