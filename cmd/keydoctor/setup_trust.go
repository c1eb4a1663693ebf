package main

import (
	"context"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// settleTrust decides what setup does with an untrusted keydoctor.yaml in
// the repository: --trust-team-file trusts it; the wizard shows what it
// would set (gateway host, model, key variable) and asks; setup --yes
// refuses it (exit 2). An answer no ignores it.
func (o *setupOptions) settleTrust(ctx context.Context) error {
	if o.switched != nil {
		return nil
	}
	o.Flags.TrustTeam = o.TrustTeamFile
	if o.TrustTeamFile || !o.Interactive {
		o.Flags.RefuseUntrusted = !o.TrustTeamFile
		return nil
	}
	found, err := profile.TeamFor(o.Env, o.Project)
	if err != nil || found == nil || found.Trusted {
		return err
	}
	w := newWizard(o, gateway.Profile{}, nil, nil)
	ok, err := w.AskTrust(ctx, found, profile.TeamShown(o.Env, found.Path))
	if err != nil {
		return err
	}
	o.Flags.TrustTeam, o.Flags.Hinted = ok, true
	return nil
}
