package tooltest

import (
	"context"
	"testing"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// versioned is a fake tool's checks: one finding naming the version
// detected for it, or saying none was.
type versioned struct{}

type versionCheck struct{ o checks.Options }

func (versionCheck) Name() string { return "fake-version" }

func (c versionCheck) Run(context.Context, *env.Env) []doctor.Finding {
	v := c.o.Versions["fake-versioned"].Version
	if v == "" {
		v = "none"
	}
	return []doctor.Finding{{Code: catalog.EnvMissing, Status: doctor.Warning, Message: "version " + v}}
}

func (versioned) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Check: versionCheck{o}}}
}

// TestFindingsAtVersion: the tool's checks run with the version given as
// detected, or none; Says and Messages find what they say.
func TestFindingsAtVersion(t *testing.T) {
	tl := tool.Tool{Tool: gateway.Tool{ID: "fake-versioned"}, Impl: versioned{}}
	e, dir := envtest.Home(t, nil, nil)
	for v, want := range map[string]string{"1.2.3": "version 1.2.3", "": "version none"} {
		fs := Findings(t, e, dir, tl, v, "sk-test-never-shown")
		Says(t, fs, catalog.EnvMissing, want)
		if got := Messages(fs, func(f doctor.Finding) bool { return f.Status == doctor.Warning }); len(got) != 1 || got[0] != want {
			t.Errorf("%q: Messages = %q, want [%q]", v, got, want)
		}
	}
}

type newest string

func (n newest) Newest() string { return string(n) }

func TestFactsObserved(t *testing.T) {
	FactsObserved(t, newest("2.0.0"), "2.0.0", tool.Tool{Observed: "2.0.0"})
}
