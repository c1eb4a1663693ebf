package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

var commitDate = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// fakeBinary is a header debug/elf, macho or pe reads as an executable
// for goos/goarch.
func fakeBinary(goos, goarch string) []byte {
	switch goos + "/" + goarch {
	case "linux/amd64":
		return elfHeader(elf.ET_EXEC, elf.EM_X86_64)
	case "linux/arm64":
		return elfHeader(elf.ET_EXEC, elf.EM_AARCH64)
	case "darwin/amd64":
		return machoHeader(macho.TypeExec, macho.CpuAmd64)
	case "darwin/arm64":
		return machoHeader(macho.TypeExec, macho.CpuArm64)
	case "windows/amd64":
		return peHeader(pe.IMAGE_FILE_MACHINE_AMD64, pe.IMAGE_FILE_EXECUTABLE_IMAGE)
	}
	return peHeader(pe.IMAGE_FILE_MACHINE_ARM64, pe.IMAGE_FILE_EXECUTABLE_IMAGE)
}

// writeArchive writes files (name → entry) as a .tar.gz or .zip.
func writeArchive(t *testing.T, path string, files map[string]entry) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	if strings.HasSuffix(path, ".zip") {
		zw := zip.NewWriter(f)
		for _, n := range names {
			h := &zip.FileHeader{Name: n, Modified: files[n].MTime, Method: zip.Deflate}
			h.SetMode(files[n].Mode)
			w, err := zw.CreateHeader(h)
			if err != nil {
				t.Fatal(err)
			}
			w.Write(files[n].Data)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		return
	}
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	for _, n := range names {
		e := files[n]
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: int64(e.Mode), Size: int64(len(e.Data)), ModTime: e.MTime, Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write(e.Data)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
}

// goodArchive is what an archive for goos/goarch holds in the fake
// repository (two man pages, no LICENSE).
func goodArchive(goos, goarch string) map[string]entry {
	bin := "keydoctor"
	if goos == "windows" {
		bin += ".exe"
	}
	files := map[string]entry{bin: {Mode: 0o755, MTime: commitDate, Data: fakeBinary(goos, goarch)}}
	for _, n := range append([]string{"README.md", "man/keydoctor.1", "man/keydoctor-setup.1"}, completions...) {
		files[n] = entry{Mode: 0o644, MTime: commitDate, Data: []byte(n)}
	}
	return files
}

func TestCheckArchive(t *testing.T) {
	d := fakeDist(t)
	for _, a := range d.Artifacts {
		t.Run(a.Name, func(t *testing.T) {
			writeArchive(t, a.Path, goodArchive(a.GOOS, a.GOARCH))
			if err := checkArchive(d.Root, a, commitDate); err != nil {
				t.Fatal(err)
			}
		})
	}
	linux := d.Artifacts[2] // linux amd64
	if linux.GOOS != "linux" || linux.GOARCH != "amd64" {
		t.Fatalf("fakeDist's order changed: %+v", linux)
	}
	for _, c := range []struct {
		name   string
		change func(map[string]entry)
		err    string
	}{
		{"a binary for another platform", func(f map[string]entry) {
			f["keydoctor"] = entry{Mode: 0o755, MTime: commitDate, Data: fakeBinary("linux", "arm64")}
		}, "built for linux/arm64, not linux/amd64"},
		{"a binary that is not executable", func(f map[string]entry) {
			e := f["keydoctor"]
			e.Mode = 0o644
			f["keydoctor"] = e
		}, "not executable"},
		{"a completion missing", func(f map[string]entry) { delete(f, "completions/keydoctor.fish") }, "want"},
		{"a man page missing", func(f map[string]entry) { delete(f, "man/keydoctor-setup.1") }, "want"},
		{"a stray file", func(f map[string]entry) { f["dist/keydoctor"] = f["README.md"] }, "want"},
		{"a file dated by the wall clock", func(f map[string]entry) {
			e := f["README.md"]
			e.MTime = commitDate.Add(time.Hour)
			f["README.md"] = e
		}, "README.md is dated"},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := goodArchive("linux", "amd64")
			c.change(files)
			writeArchive(t, linux.Path, files)
			if err := checkArchive(d.Root, linux, commitDate); err == nil || !strings.Contains(err.Error(), c.err) {
				t.Fatalf("err = %v, want %q", err, c.err)
			}
		})
	}
	// A LICENSE in the repository must be in every archive.
	if err := os.WriteFile(filepath.Join(d.Root, "LICENSE"), []byte("license"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeArchive(t, linux.Path, goodArchive("linux", "amd64"))
	if err := checkArchive(d.Root, linux, commitDate); err == nil || !strings.Contains(err.Error(), "LICENSE") {
		t.Fatalf("an archive without the repository's LICENSE: err = %v", err)
	}
}

func TestCheckSBOM(t *testing.T) {
	dir := testutil.TempDir(t)
	for _, c := range []struct{ name, doc, err string }{
		{"SPDX", `{"spdxVersion": "SPDX-2.3", "packages": [{"name": "github.com/keydoctor/keydoctor"}, {"name": "github.com/spf13/cobra"}]}`, ""},
		{"CycloneDX", `{"bomFormat": "CycloneDX", "components": [{"purl": "pkg:golang/github.com/keydoctor/keydoctor"}, {"purl": "pkg:golang/github.com/spf13/cobra@v1.10.2"}]}`, ""},
		{"no modules", `{"spdxVersion": "SPDX-2.3", "packages": [{"name": "keydoctor_1.2.0_linux_amd64.tar.gz"}]}`, "does not list github.com/keydoctor/keydoctor"},
		{"not an SBOM", `{"packages": ["github.com/keydoctor/keydoctor", "github.com/spf13/cobra"]}`, "neither SPDX nor CycloneDX"},
		{"not JSON", `spdxVersion: 2.3`, "invalid character"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name+".sbom.json")
			os.WriteFile(p, []byte(c.doc), 0o644)
			err := checkSBOM(p)
			if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
				t.Fatalf("err = %v, want %q", err, c.err)
			}
		})
	}
}

func TestChecksums(t *testing.T) {
	p := filepath.Join(testutil.TempDir(t), "checksums.txt")
	sum := sumOf("x")
	os.WriteFile(p, []byte(sum+"  keydoctor_1.2.0_linux_amd64.tar.gz\n"), 0o644)
	got, err := checksums(p)
	if err != nil || got["keydoctor_1.2.0_linux_amd64.tar.gz"] != sum {
		t.Fatalf("checksums = %v, %v", got, err)
	}
	os.WriteFile(p, []byte(sum[:63]+"  keydoctor_1.2.0_linux_amd64.tar.gz\n"), 0o644)
	if _, err := checksums(p); err == nil || !strings.Contains(err.Error(), ":1:") {
		t.Fatalf("a short checksum: err = %v", err)
	}
}
