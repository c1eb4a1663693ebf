// Package buildinfo is what `keydoctor version` reports: the release a
// binary was built as, or what the Go toolchain recorded of a build from
// a clone, as the keydoctor/version@1 document and as one line.
package buildinfo

import (
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
)

// Schema names the JSON document `version --json` prints.
const Schema = "keydoctor/version@1"

// Info is what `keydoctor version --json` prints.
type Info struct {
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

// Stamp is what the release build wrote into the binary (empty in any
// other build).
type Stamp struct{ Version, Commit, Date string }

// Current is this binary's build.
func Current(st Stamp) Info {
	bi, _ := debug.ReadBuildInfo()
	return Read(bi, st, runtime.GOOS, runtime.GOARCH)
}

// pseudoVersion matches the version Go gives an untagged commit
// (v0.0.0-20261130120000-0123456789ab, v1.2.1-0.20261130120000-0123456789ab).
var pseudoVersion = regexp.MustCompile(`[-.]\d{14}-[0-9a-f]{12}(\+.*)?$`)

// Read is the build bi records, st's release when it is stamped.
func Read(bi *debug.BuildInfo, st Stamp, goos, goarch string) Info {
	b := Info{Schema: Schema, Version: "(devel)", Go: runtime.Version(), OS: goos, Arch: goarch}
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

// Line is one line: "keydoctor 1.2.0 (commit 0123456789ab, 2026-11-30T12:00:00Z)
// go1.26.8 linux/amd64", or "keydoctor development build (…) …".
func (b Info) Line() string {
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
