package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// artifact is one entry of GoReleaser's dist/artifacts.json.
type artifact struct {
	Name   string         `json:"name"`
	Path   string         `json:"path"` // relative to the directory GoReleaser ran in
	GOOS   string         `json:"goos"`
	GOARCH string         `json:"goarch"`
	Type   string         `json:"type"` // "Archive", "Binary", "Checksum", "SBOM", "Homebrew Cask", "Scoop Manifest", …
	Extra  map[string]any `json:"extra"`
}

// distribution is a GoReleaser build: its artifacts and metadata, with
// every path resolved.
type distribution struct {
	Dir       string // dist/
	Root      string // the repository: dist/..
	Version   string // "1.2.0", as stamped into the binaries
	Tag       string // "v1.2.0": the release's archives are downloaded under it
	Commit    string
	Artifacts []artifact
}

func readDist(dir string) (*distribution, error) {
	d := &distribution{Dir: dir, Root: filepath.Dir(filepath.Clean(dir))}
	var meta struct {
		Version string `json:"version"`
		Tag     string `json:"tag"`
		Commit  string `json:"commit"`
	}
	if err := readJSON(filepath.Join(dir, "metadata.json"), &meta); err != nil {
		return nil, err
	}
	d.Version, d.Tag, d.Commit = meta.Version, meta.Tag, meta.Commit
	if err := readJSON(filepath.Join(dir, "artifacts.json"), &d.Artifacts); err != nil {
		return nil, err
	}
	for i := range d.Artifacts {
		if p := d.Artifacts[i].Path; !filepath.IsAbs(p) {
			d.Artifacts[i].Path = filepath.Join(d.Root, p)
		}
	}
	if d.Version == "" || len(d.Artifacts) == 0 {
		return nil, fmt.Errorf("%s: no version or no artifacts: is it a GoReleaser build?", dir)
	}
	return d, nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// ofType lists the artifacts of one type.
func (d *distribution) ofType(typ string) []artifact {
	var out []artifact
	for _, a := range d.Artifacts {
		if a.Type == typ {
			out = append(out, a)
		}
	}
	return out
}

// checksums reads checksums.txt: "HEX  NAME" a line, as sha256sum writes it.
func checksums(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 64 || strings.Trim(sum, "0123456789abcdef") != "" {
			return nil, fmt.Errorf("%s:%d: not \"SHA256  NAME\"", path, n)
		}
		sums[name] = sum
	}
	return sums, sc.Err()
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
