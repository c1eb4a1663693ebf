package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// downloadURL is where a published release's archives are:
// .goreleaser.yaml's release.github.
const downloadURL = "https://github.com/keydoctor/keydoctor/releases/download/"

// The generated files, and the copies kept in the repository.
var (
	caskGenerated  = filepath.Join("homebrew", "Casks", "keydoctor.rb")
	scoopGenerated = filepath.Join("scoop", "keydoctor.json")
	caskKept       = filepath.Join("packaging", "homebrew", "keydoctor.rb")
	scoopKept      = filepath.Join("packaging", "scoop", "keydoctor.json")
)

// download is one archive a manifest points at.
type download struct {
	GOOS, GOARCH, URL, SHA256 string
}

// cask is what the check reads from a Homebrew cask.
type cask struct {
	Version     string
	Downloads   []download
	Binaries    []string
	Manpages    []string
	Completions []string
}

var (
	caskString = regexp.MustCompile(`^\s*(version|url|sha256|binary|manpage|bash_completion|zsh_completion|fish_completion)\s+"([^"]*)"`)
	caskBlock  = regexp.MustCompile(`^\s*(on_macos|on_linux|on_intel|on_arm)\s+do\s*$`)
	caskDo     = regexp.MustCompile(`\bdo(\s*\|[^|]*\|)?\s*$|^\s*(if|unless|case|begin|def|module|class|while|until)\b`)
	caskEnd    = regexp.MustCompile(`^\s*end\s*$`)
)

// parseCask reads the cask GoReleaser writes: the version, a url and
// sha256 in each on_macos/on_linux × on_intel/on_arm block, the binaries,
// man pages and completions. It follows do…end nesting by line, which is
// how GoReleaser's template lays it out; anything else it does not know
// is left alone.
func parseCask(b []byte) (*cask, error) {
	c := &cask{}
	var stack []string // open blocks: "on_macos", "on_intel", or "" for any other do/if
	var cur *download
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if m := caskBlock.FindStringSubmatch(line); m != nil {
			stack = append(stack, m[1])
			continue
		}
		if caskEnd.MatchString(line) {
			if len(stack) == 0 {
				return nil, fmt.Errorf("line %d: end without a block", n)
			}
			stack = stack[:len(stack)-1]
			continue
		}
		if caskDo.MatchString(line) {
			stack = append(stack, "")
			continue
		}
		m := caskString.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		switch m[1] {
		case "version":
			c.Version = m[2]
		case "url":
			goos, goarch := "", ""
			for _, s := range stack {
				switch s {
				case "on_macos":
					goos = "darwin"
				case "on_linux":
					goos = "linux"
				case "on_intel":
					goarch = "amd64"
				case "on_arm":
					goarch = "arm64"
				}
			}
			if goos == "" || goarch == "" {
				return nil, fmt.Errorf("line %d: a url outside an on_macos/on_linux and on_intel/on_arm block", n)
			}
			c.Downloads = append(c.Downloads, download{GOOS: goos, GOARCH: goarch, URL: m[2]})
			cur = &c.Downloads[len(c.Downloads)-1]
		case "sha256":
			if cur == nil || cur.SHA256 != "" {
				return nil, fmt.Errorf("line %d: a sha256 without its url", n)
			}
			cur.SHA256 = m[2]
		case "binary":
			c.Binaries = append(c.Binaries, m[2])
		case "manpage":
			c.Manpages = append(c.Manpages, m[2])
		default:
			c.Completions = append(c.Completions, m[2])
		}
	}
	if len(stack) != 0 {
		return nil, fmt.Errorf("%d blocks not closed", len(stack))
	}
	return c, sc.Err()
}

// scoop is what the check reads from a Scoop manifest.
type scoop struct {
	Version      string `json:"version"`
	Architecture map[string]struct {
		URL  string   `json:"url"`
		Bin  []string `json:"bin"`
		Hash string   `json:"hash"`
	} `json:"architecture"`
}

var scoopArch = map[string]string{"64bit": "amd64", "arm64": "arm64"}

func parseScoop(b []byte) (*scoop, []download, error) {
	var s scoop
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, nil, err
	}
	var out []download
	for arch, a := range s.Architecture {
		goarch, ok := scoopArch[arch]
		if !ok {
			return nil, nil, fmt.Errorf("architecture %q is none of 64bit, arm64", arch)
		}
		if !slices.Equal(a.Bin, []string{"keydoctor.exe"}) {
			return nil, nil, fmt.Errorf("architecture %s: bin %v, want [keydoctor.exe]", arch, a.Bin)
		}
		out = append(out, download{GOOS: "windows", GOARCH: goarch, URL: a.URL, SHA256: a.Hash})
	}
	return &s, out, nil
}

// checkDownloads fails unless the downloads are exactly the archives for
// goos, each at the release's URL and with its SHA-256.
func checkDownloads(what string, got []download, d *distribution, goos ...string) error {
	want := map[string]artifact{}
	for _, a := range d.ofType("Archive") {
		if slices.Contains(goos, a.GOOS) {
			want[a.GOOS+"/"+a.GOARCH] = a
		}
	}
	if len(got) != len(want) {
		return fmt.Errorf("%s names %d downloads, the build has %d archives for %v", what, len(got), len(want), goos)
	}
	for _, dl := range got {
		a, ok := want[dl.GOOS+"/"+dl.GOARCH]
		if !ok {
			return fmt.Errorf("%s: no archive for %s/%s", what, dl.GOOS, dl.GOARCH)
		}
		delete(want, dl.GOOS+"/"+dl.GOARCH)
		if u := downloadURL + d.Tag + "/" + a.Name; dl.URL != u {
			return fmt.Errorf("%s: %s/%s url %s, want %s", what, dl.GOOS, dl.GOARCH, dl.URL, u)
		}
		sum, err := fileSHA256(a.Path)
		if err != nil {
			return err
		}
		if dl.SHA256 != sum {
			return fmt.Errorf("%s: %s has sha256 %q, the archive's is %s", what, path.Base(dl.URL), dl.SHA256, sum)
		}
	}
	return nil
}

func checkCask(b []byte, d *distribution) error {
	c, err := parseCask(b)
	if err != nil {
		return fmt.Errorf("cask: %w", err)
	}
	if c.Version != d.Version {
		return fmt.Errorf("cask: version %q, the build's is %q", c.Version, d.Version)
	}
	// GoReleaser writes the URLs with Ruby's #{version}.
	for i := range c.Downloads {
		c.Downloads[i].URL = strings.ReplaceAll(c.Downloads[i].URL, "#{version}", c.Version)
	}
	if err := checkDownloads("cask", c.Downloads, d, "darwin", "linux"); err != nil {
		return err
	}
	if !slices.Equal(c.Binaries, []string{"keydoctor"}) {
		return fmt.Errorf("cask: binaries %v, want [keydoctor]", c.Binaries)
	}
	pages, err := manPages(d.Root)
	if err != nil {
		return err
	}
	sort.Strings(c.Manpages)
	if !slices.Equal(c.Manpages, pages) {
		return fmt.Errorf("cask: manpages %v, docs/man has %v: update homebrew_casks.manpages in .goreleaser.yaml", c.Manpages, pages)
	}
	sort.Strings(c.Completions)
	if want := []string{"completions/_keydoctor", "completions/keydoctor.bash", "completions/keydoctor.fish"}; !slices.Equal(c.Completions, want) {
		return fmt.Errorf("cask: completions %v, want %v", c.Completions, want)
	}
	return nil
}

func checkScoop(b []byte, d *distribution) error {
	s, dls, err := parseScoop(b)
	if err != nil {
		return fmt.Errorf("scoop manifest: %w", err)
	}
	if s.Version != d.Version {
		return fmt.Errorf("scoop manifest: version %q, the build's is %q", s.Version, d.Version)
	}
	return checkDownloads("scoop manifest", dls, d, "windows")
}

var sha256Hex = regexp.MustCompile(`[0-9a-f]{64}`)

// normalize blanks what changes with every build (the version, in URLs
// too, and the checksums), so a kept copy compares with a new build.
func normalize(b []byte, version string) []byte {
	b = bytes.ReplaceAll(b, []byte(version), []byte("VERSION"))
	return sha256Hex.ReplaceAll(b, []byte("SHA256"))
}

// checkManifestsCmd checks the cask and the Scoop manifest GoReleaser
// generated against the archives, and that the copies in packaging/ are
// what the configuration generates today (-update rewrites them).
func checkManifestsCmd(dir string, update bool) error {
	d, err := readDist(dir)
	if err != nil {
		return err
	}
	for _, m := range []struct {
		generated, kept string
		check           func([]byte, *distribution) error
	}{
		{caskGenerated, caskKept, checkCask},
		{scoopGenerated, scoopKept, checkScoop},
	} {
		b, err := os.ReadFile(filepath.Join(dir, m.generated))
		if err != nil {
			return err
		}
		if err := m.check(b, d); err != nil {
			return fmt.Errorf("%s: %w", m.generated, err)
		}
		kept := filepath.Join(d.Root, m.kept)
		if update {
			if err := os.MkdirAll(filepath.Dir(kept), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(kept, b, 0o644); err != nil {
				return err
			}
			fmt.Println("updated", m.kept)
			continue
		}
		old, err := os.ReadFile(kept)
		if err != nil {
			return err
		}
		var oldVersion string
		if strings.HasSuffix(kept, ".json") {
			var s scoop
			json.Unmarshal(old, &s)
			oldVersion = s.Version
		} else if c, err := parseCask(old); err == nil {
			oldVersion = c.Version
		}
		if oldVersion == "" || !bytes.Equal(normalize(old, oldVersion), normalize(b, d.Version)) {
			return fmt.Errorf("%s is not what .goreleaser.yaml generates; regenerate with: .ci/release --update", m.kept)
		}
		fmt.Printf("ok %s (and %s matches it)\n", m.generated, m.kept)
	}
	return nil
}
