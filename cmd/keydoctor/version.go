package main

import (
	"fmt"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// Stamped by the release build (.goreleaser.yaml's ldflags: -X main.releaseVersion=…);
// empty in any other build, which then reads what the Go toolchain recorded.
var (
	releaseVersion string // "1.2.0", without the v, as GoReleaser's {{.Version}}
	releaseCommit  string // the full commit hash
	releaseDate    string // the commit's date, RFC 3339: the build is reproducible, so no wall clock
)

func newVersionCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "version",
		Short: "print keydoctor's version, commit and Go version",
		Long: `version prints the version keydoctor was released as, the commit and date
of its source, whether that source had uncommitted changes, and the Go
toolchain and platform. A binary built from a clone (go build, go install,
go run) says "development build" instead of a version.
'keydoctor --version' prints the same line.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			b := currentBuild()
			if asJSON {
				return writeJSON(c.OutOrStdout(), b)
			}
			_, err := fmt.Fprintln(c.OutOrStdout(), b.line())
			return err
		},
	}
	addJSONFlag(c.Flags(), &asJSON, schemaVersion)
	return c
}

// versionInfo is what `keydoctor version --json` prints.
type versionInfo struct {
	Schema string `json:"schema"`
	// Version is the release's version ("1.2.0"), a module version
	// ("v1.2.0" from go install MODULE@v1.2.0), or "(devel)".
	Version     string `json:"version"`
	Development bool   `json:"development"` // not a release: built from a clone
	Commit      string `json:"commit"`      // "" when the build recorded none
	Date        string `json:"date"`        // the commit's date, RFC 3339; "" when unknown
	Modified    bool   `json:"modified"`    // the source had uncommitted changes
	Go          string `json:"go"`
	OS          string `json:"os"`
	Arch        string `json:"arch"`
}

// buildVersion is `keydoctor --version`'s line.
func buildVersion() string { return currentBuild().line() }

func currentBuild() versionInfo {
	bi, _ := debug.ReadBuildInfo()
	return readBuild(bi, releaseStamp{releaseVersion, releaseCommit, releaseDate}, runtime.GOOS, runtime.GOARCH)
}

// releaseStamp is what the release build wrote into the binary.
type releaseStamp struct{ Version, Commit, Date string }

// pseudoVersion matches the version Go gives an untagged commit
// (v0.0.0-20261130120000-0123456789ab, v1.2.1-0.20261130120000-0123456789ab).
var pseudoVersion = regexp.MustCompile(`[-.]\d{14}-[0-9a-f]{12}(\+.*)?$`)

func readBuild(bi *debug.BuildInfo, st releaseStamp, goos, goarch string) versionInfo {
	b := versionInfo{Schema: schemaVersion, Version: "(devel)", Go: runtime.Version(), OS: goos, Arch: goarch}
	if bi != nil {
		if bi.GoVersion != "" {
			b.Go = bi.GoVersion
		}
		if bi.Main.Version != "" {
			b.Version = bi.Main.Version
		}
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				b.Commit = kv.Value
			case "vcs.time":
				b.Date = kv.Value
			case "vcs.modified":
				b.Modified = kv.Value == "true"
			}
		}
	}
	if st.Version != "" {
		b.Version, b.Commit, b.Date = st.Version, st.Commit, st.Date
		return b
	}
	// Without the release's stamp, only a tagged module version from the
	// module proxy is a release; anything built from a clone is not.
	b.Development = b.Version == "(devel)" || b.Modified ||
		strings.Contains(b.Version, "+dirty") || pseudoVersion.MatchString(b.Version)
	return b
}

// line is one line: "keydoctor 1.2.0 (commit 0123456789ab, 2026-11-30T12:00:00Z)
// go1.26.8 linux/amd64", or "keydoctor development build (…) …".
func (b versionInfo) line() string {
	name := b.Version
	if b.Development {
		name = "development build"
	}
	var vcs []string
	if b.Commit != "" {
		vcs = append(vcs, "commit "+b.Commit[:min(12, len(b.Commit))])
	}
	if b.Date != "" {
		vcs = append(vcs, b.Date)
	}
	if b.Modified {
		vcs = append(vcs, "modified")
	}
	line := "keydoctor " + name
	if len(vcs) > 0 {
		line += " (" + strings.Join(vcs, ", ") + ")"
	}
	return line + " " + b.Go + " " + b.OS + "/" + b.Arch
}
