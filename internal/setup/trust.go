package setup

import (
	"context"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// SettleTrust decides what a run does with an untrusted keydoctor.yaml
// in project's repository, as r then resolves it: trust (--trust-team-file)
// trusts it; a run without the wizard (w nil: --yes, no terminal) refuses
// it (exit 2); the wizard shows what it would set and asks (AskTrust). An
// answer no ignores it.
func SettleTrust(ctx context.Context, e *env.Env, project string, r *profile.Resolver, trust bool, w *Wizard) error {
	r.TrustTeam = trust
	if trust || w == nil {
		r.RefuseUntrusted = !trust
		return nil
	}
	found, err := profile.TeamFor(e, project)
	if err != nil || found == nil || found.Trusted {
		return err
	}
	ok, err := w.AskTrust(ctx, found, profile.TeamShown(e, found.Path))
	if err != nil {
		return err
	}
	r.TrustTeam, r.Hinted = ok, true
	return nil
}
