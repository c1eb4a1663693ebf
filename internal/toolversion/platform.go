package toolversion

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/safefile"
)

// platformBinary is f, or the version of the platform package that f's
// package runs, when one is installed: a CLI shipped as a launcher plus
// one binary package per OS and CPU (its optionalDependencies,
// "@factory/cli-linux-x64" for "@factory/cli") runs the binary package,
// whose version npm may resolve apart from the launcher's (observed:
// @factory/cli 0.225.1 ran @factory/cli-linux-x64 0.225.2). The binary
// package is looked for beside the launcher (npm's flat node_modules) and
// inside it (a nested install); it counts when its package.json names it,
// and its os and cpu lists, if any, include this system's.
func platformBinary(goos string, f Found) Found {
	if f.Manifest == "" {
		return f
	}
	b, err := safefile.ReadLimit(f.Manifest, maxManifest)
	if err != nil {
		return f
	}
	var m struct {
		OptionalDependencies map[string]string `json:"optionalDependencies"`
	}
	if json.Unmarshal(b, &m) != nil || len(m.OptionalDependencies) == 0 {
		return f
	}
	nodeOS, nodeCPU := nodeNames(goos, runtime.GOARCH)
	dir := filepath.Dir(f.Manifest)
	root := dir // the node_modules the launcher is in
	for range strings.Count(f.Package, "/") + 1 {
		root = filepath.Dir(root)
	}
	// The exact "<package>-<os>-<cpu>" first: a "-baseline" variant is
	// the fallback a launcher takes on older CPUs.
	names := make([]string, 0, len(m.OptionalDependencies))
	for name := range m.OptionalDependencies {
		names = append(names, name)
	}
	exact := f.Package + "-" + nodeOS + "-" + nodeCPU
	slices.SortFunc(names, func(a, b string) int {
		if (a == exact) != (b == exact) {
			if a == exact {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	for _, name := range names {
		if !strings.HasPrefix(name, f.Package+"-") {
			continue // an optional dependency, not a platform build of this package
		}
		for _, d := range []string{filepath.Join(root, filepath.FromSlash(name)), filepath.Join(dir, "node_modules", filepath.FromSlash(name))} {
			if p, ok := platformManifest(d, name, nodeOS, nodeCPU); ok {
				f.Version, f.Manifest = p.Version, p.Manifest
				return f
			}
		}
	}
	return f
}

// platformManifest reads dir/package.json when it is package name's,
// built for nodeOS and nodeCPU.
func platformManifest(dir, name, nodeOS, nodeCPU string) (Found, bool) {
	path := filepath.Join(dir, "package.json")
	b, err := safefile.ReadLimit(path, maxManifest)
	if err != nil {
		return Found{}, false
	}
	var m struct {
		Name, Version string
		OS            []string `json:"os"`
		CPU           []string `json:"cpu"`
	}
	if json.Unmarshal(b, &m) != nil || m.Name != name || !plausible(m.Version) ||
		len(m.OS) > 0 && !slices.Contains(m.OS, nodeOS) || len(m.CPU) > 0 && !slices.Contains(m.CPU, nodeCPU) {
		return Found{}, false
	}
	return Found{Version: m.Version, Manifest: path}, true
}

// nodeNames are Node's names (process.platform, process.arch) for a Go
// GOOS and GOARCH: what a package.json's os and cpu lists hold.
func nodeNames(goos, goarch string) (string, string) {
	os := map[string]string{"windows": "win32"}[goos]
	if os == "" {
		os = goos
	}
	cpu := map[string]string{"amd64": "x64", "386": "ia32"}[goarch]
	if cpu == "" {
		cpu = goarch
	}
	return os, cpu
}
