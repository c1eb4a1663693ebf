package toolversion

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

// A launcher package that runs a per-platform binary package reports the
// binary package's version (@factory/cli 0.225.1 ran 0.225.2).
func TestDetectReportsThePlatformBinary(t *testing.T) {
	const pkg = "@factory/cli"
	nodeOS, nodeCPU := nodeNames("linux", runtime.GOARCH)
	exact := pkg + "-" + nodeOS + "-" + nodeCPU
	launcher := `{"name": "` + pkg + `", "version": "0.225.1", "optionalDependencies": {"` + exact + `": "0.225.1", "` + exact + `-baseline": "0.225.1", "@factory/cli-win32-x64": "0.225.1", "left-pad": "1.0.0"}}`
	platform := func(name, version, osName string) string {
		return `{"name": "` + name + `", "version": "` + version + `", "os": ["` + osName + `"], "cpu": ["` + nodeCPU + `"]}`
	}
	tests := []struct {
		name     string
		packages map[string]string // path under node_modules → package.json
		want     string
	}{
		{"beside it (npm's flat tree)", map[string]string{exact: platform(exact, "0.225.2", nodeOS)}, "0.225.2"},
		{"inside it (a nested install)", map[string]string{pkg + "/node_modules/" + exact: platform(exact, "0.225.3", nodeOS)}, "0.225.3"},
		{"the exact build before the baseline", map[string]string{exact + "-baseline": platform(exact+"-baseline", "0.225.4", nodeOS), exact: platform(exact, "0.225.2", nodeOS)}, "0.225.2"},
		{"another OS's build does not count", map[string]string{"@factory/cli-win32-x64": platform("@factory/cli-win32-x64", "0.300.0", "win32")}, "0.225.1"},
		{"a folder that is another package does not count", map[string]string{exact: platform("@evil/other", "9.9.9", nodeOS)}, "0.225.1"},
		{"an unrelated optional dependency does not count", map[string]string{"left-pad": `{"name": "left-pad", "version": "1.0.0"}`}, "0.225.1"},
		{"no platform package installed", nil, "0.225.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := testutil.TempDir(t)
			nm := filepath.Join(home, ".bun", "install", "global", "node_modules")
			files := map[string]string{pkg: launcher}
			for k, v := range tt.packages {
				files[k] = v
			}
			for dir, body := range files {
				d := filepath.Join(nm, filepath.FromSlash(dir))
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(d, "package.json"), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			e := envFor(home, nil)
			e.GOOS = "linux"
			f, ok := Detect(e, "", pkg)
			if !ok || f.Version != tt.want {
				t.Fatalf("Detect = %+v, %v; want version %s", f, ok, tt.want)
			}
		})
	}
}
