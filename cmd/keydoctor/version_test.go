package main

import (
	"runtime/debug"
	"testing"
)

func TestFormatVersion(t *testing.T) {
	for _, c := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{nil, "keydoctor (devel) "},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-11-30T12:00:00Z"},
			{Key: "vcs.modified", Value: "false"},
		}}, "keydoctor v1.2.0 (commit 0123456789ab, 2026-11-30T12:00:00Z) go1.26.8 linux/amd64"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"},
		}}, "keydoctor (devel) (commit abc, modified) go1.26.8 linux/amd64"},
	} {
		got := formatVersion(c.bi, "linux/amd64")
		if c.bi == nil {
			if len(got) < len(c.want) || got[:len(c.want)] != c.want {
				t.Errorf("formatVersion(nil) = %q, want prefix %q", got, c.want)
			}
			continue
		}
		if got != c.want {
			t.Errorf("formatVersion = %q\nwant          %q", got, c.want)
		}
	}
}
