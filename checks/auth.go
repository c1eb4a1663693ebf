package checks

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// authCheck reports auth-conflict: one tool holding two different
// credentials. An error: a tool that sends one as Authorization: Bearer and
// the other as x-api-key leaves the gateway to choose which one it honours,
// so a stale key can win.
type authCheck struct{ snap *discover.Snapshot }

func (authCheck) Name() string { return "auth" }

func (c authCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, t := range c.snap.Tools {
		if len(t.Credentials) < 2 {
			continue
		}
		first := t.Credentials[0]
		for _, other := range t.Credentials[1:] {
			if other.Value == first.Value {
				continue
			}
			msg := fmt.Sprintf("%s holds two different keys: %s from %s and %s from %s", t.Label,
				doctor.ShowKey(first.Value), where(e, first), doctor.ShowKey(other.Value), where(e, other))
			cmd := setupCmd(t)
			if other.Source.IsVar() { // setup cannot unset what the shell exports
				cmd = ""
			}
			out = append(out, ByTriple(e, finding(t, catalog.AuthConflict, doctor.Error, msg,
				catalog.Render(catalog.AuthConflict, catalog.Slots{Remove: removeFix(e, other.Source), File: where(e, first), Command: cmd}), src(e, other)), other.Source))
		}
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "no tool holds two different keys"})
	}
	return out
}
