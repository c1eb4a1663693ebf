package checks

import (
	"context"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ignoredCheck reports config-ignored: settings no tool reads. A warning:
// nothing breaks by itself, but the user believes something is configured
// that is not; a tool's own check makes it an error where the ignored
// setting sends the tool elsewhere (IgnoredChecker).
type ignoredCheck struct{ snap *discover.Snapshot }

func (ignoredCheck) Name() string { return "ignored-settings" }

// IgnoredChecker reports settings a tool ignores: foreign ones, written
// for it into another program's files, and its own. The report lists
// every tool's foreign ones first.
type IgnoredChecker interface {
	ChecksIgnored(e *env.Env, s *discover.Snapshot) (foreign, own []doctor.Finding)
}

func (c ignoredCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out, own []doctor.Finding
	for _, t := range tool.All() {
		if x, ok := t.Impl.(IgnoredChecker); ok {
			f, o := x.ChecksIgnored(e, c.snap)
			out, own = append(out, f...), append(own, o...)
		}
	}
	out = append(out, own...)
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "no setting that tools ignore"})
	}
	return out
}
