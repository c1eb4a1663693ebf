package main

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/internal/profile"
)

// settleTrust decides what setup does with an untrusted keydoctor.yaml in
// the repository: --trust-team-file trusts it; the wizard shows what it
// would set (gateway host, model, key variable) and asks; setup --yes
// refuses it (exit 2). An answer no ignores it.
func (o *setupOptions) settleTrust(ctx context.Context) error {
	if o.preloaded != nil {
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
	host, model, keyEnv := found.Shown()
	shown := teamShown(o.Env, found.Path)
	what := "is not trusted yet"
	if found.Changed {
		what = "changed since you trusted it"
	}
	fmt.Fprintf(o.Out, "this repository's %s %s; it sets:\n  gateway  %s\n  model    %s\n  key from %s\n", shown, what, host, orNone(model), orNone(keyEnv))
	ok, err := o.confirm(ctx, "Trust "+shown+" and take its gateway, model and key variable?", "Yes, trust it", "No, ignore it")
	if err != nil {
		return err
	}
	o.Flags.TrustTeam, o.Flags.Hinted = ok, true
	if !ok {
		fmt.Fprintf(o.Out, "%s is ignored\n", shown)
	}
	return nil
}
