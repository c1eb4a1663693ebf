package checks

import (
	"context"
	"slices"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ignoring is a fake tool's IgnoredChecker.
type ignoring struct{ foreign, own string }

func (i ignoring) ChecksIgnored(*env.Env, *discover.Snapshot) (foreign, own []doctor.Finding) {
	mk := func(m string) []doctor.Finding {
		if m == "" {
			return nil
		}
		return []doctor.Finding{{Status: doctor.Warning, Message: m}}
	}
	return mk(i.foreign), mk(i.own)
}

// TestIgnoredListsForeignFirst: config-ignored lists the settings written
// into another program's file, of every tool in display order, before the
// tools' own ignored settings.
func TestIgnoredListsForeignFirst(t *testing.T) {
	for _, f := range []tool.Tool{
		{Tool: gateway.Tool{ID: "fake-a"}, Impl: ignoring{own: "a own"}},
		{Tool: gateway.Tool{ID: "fake-b"}, Impl: ignoring{foreign: "b foreign", own: "b own"}},
		{Tool: gateway.Tool{ID: "fake-c"}, Impl: ignoring{foreign: "c foreign"}},
	} {
		t.Cleanup(tool.Register(f))
	}
	var got []string
	for _, f := range (ignoredCheck{&discover.Snapshot{}}).Run(context.Background(), &env.Env{Home: testutil.TempDir(t)}) {
		got = append(got, f.Message)
	}
	if want := []string{"b foreign", "c foreign", "a own", "b own"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
