package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestReadBuild(t *testing.T) {
	clone := []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-11-30T12:00:00Z"},
		{Key: "vcs.modified", Value: "false"},
	}
	for _, c := range []struct {
		name  string
		bi    *debug.BuildInfo
		st    Stamp
		want  string
		devel bool
	}{
		{"no build info", nil, Stamp{}, "keydoctor development build go", true},
		{"release stamp wins over the toolchain's record", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			Stamp{"1.2.0", "fedcba9876543210fedcba9876543210fedcba98", "2026-11-29T08:00:00Z"},
			"keydoctor 1.2.0 (commit fedcba987654, 2026-11-29T08:00:00Z) go1.26.8 linux/amd64", false},
		{"go install MODULE@v1.2.0", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}, Settings: clone}, Stamp{},
			"keydoctor v1.2.0 (commit 0123456789ab, 2026-11-30T12:00:00Z) go1.26.8 linux/amd64", false},
		{"go build in a clone, no vcs", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, Stamp{},
			"keydoctor development build go1.26.8 linux/amd64", true},
		{"go build in a clone, modified", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"},
		}}, Stamp{}, "keydoctor development build (commit abc, modified) go1.26.8 linux/amd64", true},
		{"untagged commit: a pseudo-version", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261130120000-0123456789ab"}, Settings: clone}, Stamp{},
			"keydoctor development build (commit 0123456789ab, 2026-11-30T12:00:00Z) go1.26.8 linux/amd64", true},
		{"after a tag: a pseudo-version", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.1-0.20261130120000-0123456789ab+dirty"}}, Stamp{},
			"keydoctor development build go1.26.8 linux/amd64", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := Read(c.bi, c.st, "linux", "amd64")
			if b.Development != c.devel {
				t.Errorf("Development = %v, want %v", b.Development, c.devel)
			}
			got := b.Line()
			if c.bi == nil {
				if !strings.HasPrefix(got, c.want) || !strings.HasSuffix(got, " linux/amd64") {
					t.Errorf("line = %q, want %q… linux/amd64", got, c.want)
				}
				return
			}
			if got != c.want {
				t.Errorf("line = %q\nwant   %q", got, c.want)
			}
		})
	}
}
