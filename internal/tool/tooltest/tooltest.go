// Package tooltest is what the tests of a tool package's versioned facts
// share: that doctor's facts-older compares with the version the facts
// were last seen with, and the tool's own offline checks run on a home at
// a detected version, so that each tool's test holds only its own table
// (the files, the versions, what the findings must say). It names no tool.
package tooltest

import (
	"context"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// FactsObserved fails the test unless the newest version of facts (a
// tool.Facts) is observed, the version the tool's package says its facts
// were seen with, and the tool's Observed too: facts-older compares with
// it.
func FactsObserved(t *testing.T, facts interface{ Newest() string }, observed string, tl tool.Tool) {
	t.Helper()
	if got := facts.Newest(); got != observed || tl.Observed != observed {
		t.Errorf("Facts' newest %q, Observed %q, the tool's %q", got, observed, tl.Observed)
	}
}

// Findings runs the tool's offline checks (its Impl's checks.Provider) on
// what e's home and project hold, with version detected for it ("": none
// detected), and returns every finding. A finding whose message or fix
// carries key fails the test (key "": not checked).
func Findings(t *testing.T, e *env.Env, project string, tl tool.Tool, version, key string) []doctor.Finding {
	t.Helper()
	o := checks.Options{Snapshot: discover.Discover(e, discover.Options{Project: project})}
	if version != "" {
		o.Versions = toolversion.Versions{tl.ID: {Version: version}}
	}
	var out []doctor.Finding
	for _, s := range tl.Impl.(checks.Provider).ChecksOffline(o) {
		for _, f := range s.Check.Run(context.Background(), e) {
			if key != "" && strings.Contains(f.Message+f.Fix, key) {
				t.Errorf("the key in %q", f.Message)
			}
			out = append(out, f)
		}
	}
	return out
}

// Says fails the test unless a finding of fs has code and a message
// containing want, listing what was found.
func Says(t *testing.T, fs []doctor.Finding, code catalog.Code, want string) {
	t.Helper()
	var got []string
	for _, f := range fs {
		if f.Code == code && strings.Contains(f.Message, want) {
			return
		}
		got = append(got, string(f.Code)+": "+f.Message)
	}
	t.Errorf("no %s saying %q; found %q", code, want, got)
}

// Messages is the messages of the findings of fs that keep accepts.
func Messages(fs []doctor.Finding, keep func(doctor.Finding) bool) []string {
	var out []string
	for _, f := range fs {
		if keep(f) {
			out = append(out, f.Message)
		}
	}
	return out
}
