package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"
)

// completions are the shell completion scripts every archive holds
// (packaging/completions.sh writes them).
var completions = []string{"completions/_keydoctor", "completions/keydoctor.bash", "completions/keydoctor.fish", "completions/keydoctor.ps1"}

// entry is one file of an archive.
type entry struct {
	Mode  os.FileMode
	MTime time.Time
	Data  []byte
}

// readArchive reads every regular file of a .tar.gz or .zip by name.
func readArchive(path string) (map[string]entry, error) {
	files := map[string]entry{}
	switch {
	case strings.HasSuffix(path, ".tar.gz"):
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		gz, err := gzip.NewReader(f)
		if err != nil {
			return nil, err
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				return files, nil
			}
			if err != nil {
				return nil, err
			}
			if h.Typeflag != tar.TypeReg {
				return nil, fmt.Errorf("%s: %s is not a regular file", path, h.Name)
			}
			b, err := io.ReadAll(tr)
			if err != nil {
				return nil, err
			}
			files[h.Name] = entry{Mode: h.FileInfo().Mode(), MTime: h.ModTime, Data: b}
		}
	case strings.HasSuffix(path, ".zip"):
		zr, err := zip.OpenReader(path)
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		for _, zf := range zr.File {
			if zf.FileInfo().IsDir() {
				continue
			}
			rc, err := zf.Open()
			if err != nil {
				return nil, err
			}
			b, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				return nil, err
			}
			files[zf.Name] = entry{Mode: zf.Mode(), MTime: zf.Modified, Data: b}
		}
		return files, nil
	}
	return nil, fmt.Errorf("%s: neither .tar.gz nor .zip", path)
}

// wantFiles is what an archive for goos holds: the binary, the README,
// the LICENSE when the repository has one, every man page of docs/man and
// the completions.
func wantFiles(root, goos string) ([]string, error) {
	bin := "keydoctor"
	if goos == "windows" {
		bin += ".exe"
	}
	want := []string{bin, "README.md"}
	if _, err := os.Stat(filepath.Join(root, "LICENSE")); err == nil {
		want = append(want, "LICENSE")
	}
	pages, err := manPages(root)
	if err != nil {
		return nil, err
	}
	want = append(want, pages...)
	want = append(want, completions...)
	sort.Strings(want)
	return want, nil
}

// manPages lists docs/man as the archives name its pages: man/keydoctor.1, ….
func manPages(root string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(root, "docs", "man", "*.1"))
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("no man page in %s: %v", filepath.Join(root, "docs", "man"), err)
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "man/" + filepath.Base(n)
	}
	sort.Strings(out)
	return out, nil
}

// checkArchive checks one archive against what it must hold: the file
// list, a binary for its platform (executable in a .tar.gz), and every
// file dated commitDate (reproducible archives).
func checkArchive(root string, a artifact, commitDate time.Time) error {
	files, err := readArchive(a.Path)
	if err != nil {
		return err
	}
	want, err := wantFiles(root, a.GOOS)
	if err != nil {
		return err
	}
	var got []string
	for name := range files {
		got = append(got, name)
	}
	sort.Strings(got)
	if !slices.Equal(got, want) {
		return fmt.Errorf("%s holds %v, want %v", a.Name, got, want)
	}
	for name, e := range files {
		if !e.MTime.Equal(commitDate) {
			return fmt.Errorf("%s: %s is dated %s, not the commit's %s", a.Name, name, e.MTime.UTC().Format(time.RFC3339), commitDate.UTC().Format(time.RFC3339))
		}
	}
	bin := want[slices.IndexFunc(want, func(s string) bool { return strings.HasPrefix(s, "keydoctor") })]
	if a.GOOS != "windows" && files[bin].Mode&0o111 == 0 {
		return fmt.Errorf("%s: %s is not executable (mode %v)", a.Name, bin, files[bin].Mode)
	}
	if err := checkBinary(bytes.NewReader(files[bin].Data), a.GOOS, a.GOARCH); err != nil {
		return fmt.Errorf("%s: %s: %w", a.Name, bin, err)
	}
	return nil
}

// checkSBOM checks an archive's SBOM: an SPDX or CycloneDX JSON document
// that names keydoctor's module and the modules it is built from.
func checkSBOM(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if doc["spdxVersion"] == nil && doc["bomFormat"] != "CycloneDX" {
		return fmt.Errorf("%s: neither SPDX nor CycloneDX", path)
	}
	for _, module := range []string{"github.com/keydoctor/keydoctor", "github.com/spf13/cobra"} {
		if !bytes.Contains(b, []byte(module)) {
			return fmt.Errorf("%s does not list %s", path, module)
		}
	}
	return nil
}

// checkArchivesCmd checks every archive of the build, its checksum and
// SBOM, and runs this machine's binary, which must carry the release's
// stamp.
func checkArchivesCmd(dir, date string, run bool) error {
	commitDate, err := time.Parse(time.RFC3339, date)
	if err != nil {
		return fmt.Errorf("-commit-date: %w", err)
	}
	d, err := readDist(dir)
	if err != nil {
		return err
	}
	sums, err := checksums(filepath.Join(dir, "checksums.txt"))
	if err != nil {
		return err
	}
	archives := d.ofType("Archive")
	if len(archives) != 6 {
		return fmt.Errorf("%d archives, want 6 (linux, darwin, windows × amd64, arm64)", len(archives))
	}
	sboms := map[string]bool{}
	for _, s := range d.ofType("SBOM") {
		sboms[s.Path] = true
	}
	ranHost := false
	for _, a := range archives {
		if err := checkArchive(d.Root, a, commitDate); err != nil {
			return err
		}
		sum, err := fileSHA256(a.Path)
		if err != nil {
			return err
		}
		if sums[a.Name] != sum {
			return fmt.Errorf("checksums.txt has %q for %s, its SHA-256 is %s", sums[a.Name], a.Name, sum)
		}
		sbom := a.Path + ".sbom.json"
		if !sboms[sbom] {
			return fmt.Errorf("no SBOM artifact %s", sbom)
		}
		if err := checkSBOM(sbom); err != nil {
			return err
		}
		info, _ := os.Stat(a.Path)
		fmt.Printf("ok %s (%d bytes)\n", a.Name, info.Size())
		if run && a.GOOS == runtime.GOOS && a.GOARCH == runtime.GOARCH {
			if err := runStamped(a, d.Version, d.Commit); err != nil {
				return err
			}
			ranHost = true
		}
	}
	if run && !ranHost {
		return fmt.Errorf("no archive for this machine (%s/%s) to run", runtime.GOOS, runtime.GOARCH)
	}
	return nil
}

// runStamped unpacks the archive's binary and runs `version --json`: a
// release build names its version and commit and is no development build.
func runStamped(a artifact, version, commit string) error {
	files, err := readArchive(a.Path)
	if err != nil {
		return err
	}
	name := "keydoctor"
	if a.GOOS == "windows" {
		name += ".exe"
	}
	tmp, err := os.MkdirTemp("", "keydoctor-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, name)
	if err := os.WriteFile(bin, files[name].Data, 0o755); err != nil {
		return err
	}
	out, err := exec.Command(bin, "version", "--json").Output()
	if err != nil {
		return fmt.Errorf("%s version --json: %w", a.Name, err)
	}
	var v struct {
		Version     string `json:"version"`
		Commit      string `json:"commit"`
		Date        string `json:"date"`
		Development bool   `json:"development"`
		OS, Arch    string
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return fmt.Errorf("%s version --json: %w", a.Name, err)
	}
	if v.Version != version || v.Commit != commit || v.Date == "" || v.Development || v.OS != a.GOOS || v.Arch != a.GOARCH {
		return fmt.Errorf("%s version --json says %s, want version %s, commit %s, a date, %s/%s, not development", a.Name, out, version, commit, a.GOOS, a.GOARCH)
	}
	line, err := exec.Command(bin, "version").Output()
	if err != nil {
		return fmt.Errorf("%s version: %w", a.Name, err)
	}
	if want := fmt.Sprintf("keydoctor %s (commit %s, %s)", version, commit[:12], v.Date); !strings.HasPrefix(string(line), want) {
		return errors.New(a.Name + ": version prints " + strings.TrimSpace(string(line)) + ", want " + want + " …")
	}
	fmt.Printf("ok %s runs: %s", a.Name, line)
	return nil
}
