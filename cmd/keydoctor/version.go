package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print keydoctor's version, commit and Go version",
		Long: `version prints the module version keydoctor was built as, the commit and
time of its source, whether that source had uncommitted changes, and the Go
toolchain and platform. 'keydoctor --version' prints the same line.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(c.OutOrStdout(), buildVersion())
			return err
		},
	}
}

// buildVersion is one line from the binary's build information:
// "keydoctor v1.2.0 (commit 0123456789ab, 2026-11-30T12:00:00Z) go1.26.8 linux/amd64".
func buildVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return formatVersion(bi, runtime.GOOS+"/"+runtime.GOARCH)
}

func formatVersion(bi *debug.BuildInfo, platform string) string {
	version, goVersion := "(devel)", runtime.Version()
	var vcs []string
	if bi != nil {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		goVersion = bi.GoVersion
		s := map[string]string{}
		for _, kv := range bi.Settings {
			s[kv.Key] = kv.Value
		}
		if rev := s["vcs.revision"]; rev != "" {
			vcs = append(vcs, "commit "+rev[:min(12, len(rev))])
		}
		if t := s["vcs.time"]; t != "" {
			vcs = append(vcs, t)
		}
		if s["vcs.modified"] == "true" {
			vcs = append(vcs, "modified")
		}
	}
	line := "keydoctor " + version
	if len(vcs) > 0 {
		line += " (" + strings.Join(vcs, ", ") + ")"
	}
	return line + " " + goVersion + " " + platform
}
