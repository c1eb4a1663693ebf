package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// npmOS and npmCPU are Node's process.platform and process.arch for a GOOS
// and GOARCH: the "os" and "cpu" fields npm installs a platform package by.
var (
	npmOS  = map[string]string{"linux": "linux", "darwin": "darwin", "windows": "win32"}
	npmCPU = map[string]string{"amd64": "x64", "arm64": "arm64"}
)

// The launcher and README of the keydoctor package, kept in the repository.
var (
	launcherSrc = filepath.Join("packaging", "npm", "keydoctor", "bin", "keydoctor.js")
	npmReadme   = filepath.Join("packaging", "npm", "README.md")
)

type packageJSON struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	Description          string            `json:"description"`
	Homepage             string            `json:"homepage"`
	Repository           map[string]string `json:"repository"`
	Bin                  map[string]string `json:"bin,omitempty"`
	OptionalDependencies map[string]string `json:"optionalDependencies,omitempty"`
	OS                   []string          `json:"os,omitempty"`
	CPU                  []string          `json:"cpu,omitempty"`
	Engines              map[string]string `json:"engines,omitempty"`
	PreferUnplugged      bool              `json:"preferUnplugged,omitempty"`
	Files                []string          `json:"files"`
	Scripts              map[string]string `json:"scripts,omitempty"`
}

var repository = map[string]string{"type": "git", "url": "git+https://github.com/keydoctor/keydoctor.git"}

const homepage = "https://github.com/keydoctor/keydoctor"

// platformPackage is the npm name of the package holding the binary for
// goos/goarch: @keydoctor/linux-x64, @keydoctor/win32-arm64, ….
func platformPackage(goos, goarch string) string {
	return "@keydoctor/" + npmOS[goos] + "-" + npmCPU[goarch]
}

// launcherTable reads the launcher's PLATFORMS table: "linux x64" →
// "@keydoctor/linux-x64".
var launcherEntry = regexp.MustCompile(`'(\w+ \w+)': '(@keydoctor/[\w-]+)'`)

func launcherTable(js []byte) map[string]string {
	t := map[string]string{}
	for _, m := range launcherEntry.FindAllSubmatch(js, -1) {
		t[string(m[1])] = string(m[2])
	}
	return t
}

// buildNPM writes the npm packages into out, one directory each: one per
// binary of the build (package.json with os and cpu, bin/keydoctor[.exe])
// and keydoctor itself (the launcher, with every platform package as an
// exact optionalDependency). No package has an install script.
func buildNPM(d *distribution, out string) ([]string, error) {
	launcher, err := os.ReadFile(filepath.Join(d.Root, launcherSrc))
	if err != nil {
		return nil, err
	}
	readme, err := os.ReadFile(filepath.Join(d.Root, npmReadme))
	if err != nil {
		return nil, err
	}
	table := map[string]string{}
	top := packageJSON{
		Name: "keydoctor", Version: d.Version, Homepage: homepage, Repository: repository,
		Description:          "Set up and diagnose AI coding tools that reach LLMs through one gateway",
		Bin:                  map[string]string{"keydoctor": "bin/keydoctor.js"},
		OptionalDependencies: map[string]string{},
		Engines:              map[string]string{"node": ">=18"},
		Files:                []string{"bin/keydoctor.js", "README.md"},
	}
	var dirs []string
	for _, a := range d.ofType("Binary") {
		if npmOS[a.GOOS] == "" || npmCPU[a.GOARCH] == "" {
			return nil, fmt.Errorf("%s: no npm platform for %s/%s", a.Path, a.GOOS, a.GOARCH)
		}
		name := platformPackage(a.GOOS, a.GOARCH)
		if _, dup := top.OptionalDependencies[name]; dup {
			return nil, fmt.Errorf("two binaries for %s", name)
		}
		exe := "keydoctor"
		if a.GOOS == "windows" {
			exe += ".exe"
		}
		dir := filepath.Join(out, strings.ReplaceAll(strings.TrimPrefix(name, "@"), "/", "-"))
		p := packageJSON{
			Name: name, Version: d.Version, Homepage: homepage, Repository: repository,
			Description:     fmt.Sprintf("keydoctor's binary for %s/%s (installed by the keydoctor package)", npmOS[a.GOOS], npmCPU[a.GOARCH]),
			OS:              []string{npmOS[a.GOOS]},
			CPU:             []string{npmCPU[a.GOARCH]},
			PreferUnplugged: true,
			Files:           []string{"bin/" + exe, "README.md"},
		}
		bin, err := os.ReadFile(a.Path)
		if err != nil {
			return nil, err
		}
		if err := checkBinary(bytes.NewReader(bin), a.GOOS, a.GOARCH); err != nil {
			return nil, fmt.Errorf("%s: %w", a.Path, err)
		}
		if err := writePackage(dir, p, readme, map[string][]byte{filepath.Join("bin", exe): bin}); err != nil {
			return nil, err
		}
		top.OptionalDependencies[name] = d.Version
		table[npmOS[a.GOOS]+" "+npmCPU[a.GOARCH]] = name
		dirs = append(dirs, dir)
	}
	if got := launcherTable(launcher); !maps.Equal(got, table) {
		return nil, fmt.Errorf("%s's PLATFORMS is %v, the build has %v: make them agree", launcherSrc, got, table)
	}
	dir := filepath.Join(out, "keydoctor")
	if err := writePackage(dir, top, readme, map[string][]byte{filepath.Join("bin", "keydoctor.js"): launcher}); err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	return append(dirs, dir), nil
}

func writePackage(dir string, p packageJSON, readme []byte, files map[string][]byte) error {
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		return err
	}
	pj, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	files = maps.Clone(files)
	files["package.json"] = append(pj, '\n')
	files["README.md"] = readme
	for name, b := range files {
		mode := os.FileMode(0o644)
		if strings.HasPrefix(name, "bin"+string(filepath.Separator)) {
			mode = 0o755
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, mode); err != nil {
			return err
		}
	}
	return nil
}

func buildNPMCmd(distDir, out string) error {
	d, err := readDist(distDir)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	dirs, err := buildNPM(d, out)
	if err != nil {
		return err
	}
	for _, dir := range dirs {
		fmt.Println(dir)
	}
	return nil
}

// checkNPMTarballs reads the tarballs npm pack made: each platform
// package holds one executable binary for its os and cpu; keydoctor
// depends on exactly those packages at its own version; none has an
// install script.
func checkNPMTarballs(paths []string) error {
	var top *packageJSON
	platforms := map[string]string{} // name → version
	for _, p := range paths {
		files, err := readTarball(p)
		if err != nil {
			return err
		}
		var pj packageJSON
		if err := json.Unmarshal(files["package/package.json"].Data, &pj); err != nil {
			return fmt.Errorf("%s: package.json: %w", p, err)
		}
		for _, s := range []string{"preinstall", "install", "postinstall", "prepare"} {
			if pj.Scripts[s] != "" {
				return fmt.Errorf("%s: has a %s script", p, s)
			}
		}
		if pj.Name == "keydoctor" {
			top = &pj
			if _, ok := files["package/bin/keydoctor.js"]; !ok {
				return fmt.Errorf("%s: no bin/keydoctor.js", p)
			}
			continue
		}
		goos, goarch, err := platformOf(pj)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		exe := "package/bin/keydoctor"
		if goos == "windows" {
			exe += ".exe"
		}
		bin, ok := files[exe]
		if !ok {
			return fmt.Errorf("%s: no %s", p, exe)
		}
		if goos != "windows" && bin.Mode&0o111 == 0 {
			return fmt.Errorf("%s: %s is not executable (mode %v)", p, exe, bin.Mode)
		}
		if err := checkBinary(bytes.NewReader(bin.Data), goos, goarch); err != nil {
			return fmt.Errorf("%s: %s: %w", p, exe, err)
		}
		platforms[pj.Name] = pj.Version
		fmt.Printf("ok %s: %s %s/%s\n", filepath.Base(p), pj.Name, goos, goarch)
	}
	if top == nil {
		return fmt.Errorf("no keydoctor package among %v", paths)
	}
	if !maps.Equal(top.OptionalDependencies, platforms) {
		return fmt.Errorf("keydoctor's optionalDependencies %v, the platform packages are %v", top.OptionalDependencies, platforms)
	}
	for name, v := range platforms {
		if v != top.Version {
			return fmt.Errorf("%s is %s, keydoctor %s", name, v, top.Version)
		}
	}
	fmt.Printf("ok keydoctor %s: %d platform packages\n", top.Version, len(platforms))
	return nil
}

// platformOf is the GOOS and GOARCH a platform package's os and cpu name,
// checking its name agrees.
func platformOf(pj packageJSON) (goos, goarch string, err error) {
	if len(pj.OS) != 1 || len(pj.CPU) != 1 {
		return "", "", fmt.Errorf("%s: os %v, cpu %v: want one of each", pj.Name, pj.OS, pj.CPU)
	}
	for g, n := range npmOS {
		if n == pj.OS[0] {
			goos = g
		}
	}
	for g, n := range npmCPU {
		if n == pj.CPU[0] {
			goarch = g
		}
	}
	if goos == "" || goarch == "" || platformPackage(goos, goarch) != pj.Name {
		return "", "", fmt.Errorf("%s: os %v, cpu %v do not match its name", pj.Name, pj.OS, pj.CPU)
	}
	return goos, goarch, nil
}

// readTarball reads an npm pack tarball's regular files.
func readTarball(path string) (map[string]entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	files := map[string]entry{}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		files[h.Name] = entry{Mode: h.FileInfo().Mode(), Data: b}
	}
	if _, ok := files["package/package.json"]; !ok {
		return nil, fmt.Errorf("%s: no package/package.json: not an npm tarball", path)
	}
	return files, nil
}
