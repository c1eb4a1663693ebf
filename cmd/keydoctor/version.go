package main

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/buildinfo"
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
			b := buildinfo.Current(releaseStamp())
			if asJSON {
				return writeJSON(c.OutOrStdout(), b)
			}
			_, err := fmt.Fprintln(c.OutOrStdout(), b.Line())
			return err
		},
	}
	addJSONFlag(c.Flags(), &asJSON, schemaVersion)
	return c
}

// releaseStamp is what the release build wrote into the binary.
func releaseStamp() buildinfo.Stamp {
	return buildinfo.Stamp{Version: releaseVersion, Commit: releaseCommit, Date: releaseDate}
}

// buildVersion is `keydoctor --version`'s line.
func buildVersion() string { return buildinfo.Current(releaseStamp()).Line() }
