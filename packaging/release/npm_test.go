package main

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// npmDist is fakeDist with the six binaries and the repository's launcher
// and README.
func npmDist(t *testing.T) *distribution {
	t.Helper()
	d := fakeDist(t)
	for _, a := range d.Artifacts {
		exe := "keydoctor"
		if a.GOOS == "windows" {
			exe += ".exe"
		}
		dir := filepath.Join(d.Dir, "keydoctor_"+a.GOOS+"_"+a.GOARCH)
		os.MkdirAll(dir, 0o755)
		p := filepath.Join(dir, exe)
		if err := os.WriteFile(p, fakeBinary(a.GOOS, a.GOARCH), 0o755); err != nil {
			t.Fatal(err)
		}
		d.Artifacts = append(d.Artifacts, artifact{Name: exe, Path: p, GOOS: a.GOOS, GOARCH: a.GOARCH, Type: "Binary"})
	}
	for _, f := range []string{launcherSrc, npmReadme} {
		b, err := os.ReadFile(filepath.Join("..", "..", f))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(d.Root, f)), 0o755)
		if err := os.WriteFile(filepath.Join(d.Root, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// pack writes a package directory as npm pack does: every file under package/.
func pack(t *testing.T, dir, out string) {
	t.Helper()
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, _ := os.ReadFile(p)
		mode := info.Mode().Perm()
		if runtime.GOOS == "windows" && strings.HasPrefix(filepath.ToSlash(rel), "bin/") {
			mode = 0o755 // Windows has no modes; npm pack marks the declared bin executable
		}
		tw.WriteHeader(&tar.Header{Name: "package/" + filepath.ToSlash(rel), Mode: int64(mode), Size: int64(len(b)), Typeflag: tar.TypeReg})
		tw.Write(b)
		return nil
	})
	tw.Close()
	gz.Close()
}

func TestBuildNPM(t *testing.T) {
	d := npmDist(t)
	out := filepath.Join(testutil.TempDir(t), "npm")
	dirs, err := buildNPM(d, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) != 7 || filepath.Base(dirs[6]) != "keydoctor" {
		t.Fatalf("packages %v, want six platforms then keydoctor", dirs)
	}
	var top packageJSON
	if err := readJSON(filepath.Join(dirs[6], "package.json"), &top); err != nil {
		t.Fatal(err)
	}
	if top.Bin["keydoctor"] != "bin/keydoctor.js" || len(top.Scripts) != 0 || len(top.OptionalDependencies) != 6 ||
		top.OptionalDependencies["@keydoctor/win32-arm64"] != "1.2.0" || top.Version != "1.2.0" {
		t.Fatalf("keydoctor's package.json: %+v", top)
	}
	var linux packageJSON
	if err := readJSON(filepath.Join(out, "keydoctor-linux-x64", "package.json"), &linux); err != nil {
		t.Fatal(err)
	}
	if linux.Name != "@keydoctor/linux-x64" || fmt.Sprint(linux.OS, linux.CPU) != "[linux] [x64]" || linux.Bin != nil {
		t.Fatalf("@keydoctor/linux-x64's package.json: %+v", linux)
	}
	if info, err := os.Stat(filepath.Join(out, "keydoctor-win32-x64", "bin", "keydoctor.exe")); err != nil || runtime.GOOS != "windows" && info.Mode().Perm() != 0o755 { // no modes on Windows
		t.Fatalf("win32-x64's binary: %v, %v", info, err)
	}

	tgzDir := testutil.TempDir(t)
	var tgz []string
	for _, dir := range dirs {
		p := filepath.Join(tgzDir, filepath.Base(dir)+".tgz")
		pack(t, dir, p)
		tgz = append(tgz, p)
	}
	if err := checkNPMTarballs(tgz); err != nil {
		t.Fatalf("the packages as built: %v", err)
	}
	if err := checkNPMTarballs(tgz[1:]); err == nil || !strings.Contains(err.Error(), "optionalDependencies") {
		t.Fatalf("a platform package left out: err = %v", err)
	}

	// A platform package whose binary lost its executable bit, one whose
	// cpu is not its name's, and an install script, each fail.
	for _, c := range []struct {
		name   string
		change func(dir string)
		err    string
	}{
		{"not executable", func(dir string) { os.Chmod(filepath.Join(dir, "bin", "keydoctor"), 0o644) }, "not executable"},
		{"another cpu", func(dir string) {
			editPackage(t, dir, func(p *packageJSON) { p.CPU = []string{"arm64"} })
		}, "do not match its name"},
		{"a postinstall script", func(dir string) {
			editPackage(t, dir, func(p *packageJSON) { p.Scripts = map[string]string{"postinstall": "node install.js"} })
		}, "postinstall"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "not executable" && runtime.GOOS == "windows" {
				t.Skip("Windows has no modes: a file cannot be made not executable there")
			}
			out := filepath.Join(testutil.TempDir(t), "npm")
			if _, err := buildNPM(d, out); err != nil {
				t.Fatal(err)
			}
			linux := filepath.Join(out, "keydoctor-linux-x64")
			c.change(linux)
			p := filepath.Join(testutil.TempDir(t), "linux.tgz")
			pack(t, linux, p)
			if err := checkNPMTarballs([]string{p}); err == nil || !strings.Contains(err.Error(), c.err) {
				t.Fatalf("err = %v, want %q", err, c.err)
			}
		})
	}
}

func editPackage(t *testing.T, dir string, edit func(*packageJSON)) {
	t.Helper()
	var p packageJSON
	if err := readJSON(filepath.Join(dir, "package.json"), &p); err != nil {
		t.Fatal(err)
	}
	edit(&p)
	b, _ := json.Marshal(p)
	os.WriteFile(filepath.Join(dir, "package.json"), b, 0o644)
}

// TestLauncherTableMatchesBuild: a launcher that does not know a
// platform the build makes a package for is refused.
func TestLauncherTableMatchesBuild(t *testing.T) {
	d := npmDist(t)
	p := filepath.Join(d.Root, launcherSrc)
	b, _ := os.ReadFile(p)
	if got := launcherTable(b); len(got) != 6 || got["win32 x64"] != "@keydoctor/win32-x64" {
		t.Fatalf("launcherTable = %v", got)
	}
	os.WriteFile(p, []byte(strings.Replace(string(b), "  'win32 arm64': '@keydoctor/win32-arm64',\n", "", 1)), 0o644)
	if _, err := buildNPM(d, filepath.Join(testutil.TempDir(t), "npm")); err == nil || !strings.Contains(err.Error(), "PLATFORMS") {
		t.Fatalf("err = %v, want the launcher's table named", err)
	}
}
