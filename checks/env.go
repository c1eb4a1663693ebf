package checks

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// missingCheck reports env-missing: a part of a tool's triple that nothing
// sets. No base URL or no key is an error (the tool cannot reach the
// gateway); no model is a warning (the tool falls back to its own default
// model, which the gateway may or may not serve).
type missingCheck struct{ snap *discover.Snapshot }

func (missingCheck) Name() string { return "triple-present" }

func (c missingCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, t := range c.snap.Tools {
		n := len(out)
		if !t.Base.Set() {
			out = append(out, finding(t, catalog.EnvMissing, doctor.Error,
				fmt.Sprintf("%s has a key but no base URL (%s is not set)", t.Label, t.Places.Base.Key),
				catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: setAt(e, t.Places.Base, "<gateway base URL>"), Command: setupCmd(t)}), t.Places.Base.Display(e)))
		}
		if t.Base.Source.Default && c.gatewayKey(t) {
			out = append(out, finding(t, catalog.EnvMissing, doctor.Error,
				fmt.Sprintf("%s holds the gateway key (%s) but no base URL (%s is not set): it sends the key to its default, %s", t.Label, where(e, t.Key), t.Places.Base.Key, t.Base.Value),
				catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: setAt(e, t.Places.Base, "<gateway base URL>"), Command: setupCmd(t)}), t.Places.Base.Display(e)))
		}
		// A subscription login sent instead is login-to-gateway's.
		if !t.Key.Set() && !t.NoKeyNeeded && !c.explained(t) && !t.Login.Set() {
			out = append(out, finding(t, catalog.EnvMissing, doctor.Error,
				fmt.Sprintf("%s has no API key (%s is not set)", t.Label, t.Places.Key.Key),
				catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: setKeyAt(e, t.Places.Key, "<your gateway key>"), Command: setupCmd(t)}), t.Places.Key.Display(e)))
		}
		if t.NeedsModel && !t.Model.Set() {
			out = append(out, finding(t, catalog.EnvMissing, doctor.Warning,
				fmt.Sprintf("%s has no model (%s is not set): it falls back to its own default, which the gateway may not serve", t.Label, t.Places.Model.Key),
				catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: setAt(e, t.Places.Model, "<model id>"), Command: setupCmd(t)}), t.Places.Model.Display(e)))
		}
		if len(out) == n {
			out = append(out, okFinding(t, t.Label+" has a base URL, a key and a model", src(e, t.Base)))
		}
	}
	return out
}

// gatewayKey reports whether t's key is one another tool sends to a
// configured (non-default) base URL: a gateway key.
func (c missingCheck) gatewayKey(t discover.Tool) bool {
	if !t.Key.Configured() || t.Key.Value == "" {
		return false
	}
	for _, o := range c.snap.Tools {
		if o.Base.Configured() && o.Key.Value == t.Key.Value {
			return true
		}
	}
	return false
}

// explained: the tool's own check reports its missing key (KeyExplainer).
func (c missingCheck) explained(t discover.Tool) bool {
	x, ok := implOf(t.ID).(KeyExplainer)
	return ok && x.ChecksKeyExplained(c.snap, t)
}

// keyCheck reports key-malformed and key-placeholder (gateway.CheckKey):
// both errors, the gateway will refuse such a key. Only the effective key
// of each tool is judged; what it shadows is value-overridden's business.
type keyCheck struct{ snap *discover.Snapshot }

func (keyCheck) Name() string { return "key-shape" }

func (c keyCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, t := range c.snap.Tools {
		if !t.Key.Set() || t.KeyCommand {
			continue
		}
		prob := gateway.CheckKey(t.Key.Value)
		if prob == nil {
			out = append(out, okFinding(t, fmt.Sprintf("%s's key looks like a key (%s)", t.Label, doctor.ShowKey(t.Key.Value)), src(e, t.Key)))
			continue
		}
		s := catalog.Slots{Edit: setKeyAt(e, t.Key.Source, "the key exactly as the gateway issued it (no quotes, spaces, line breaks or placeholder text)")}
		if cmd := setupCmd(t); cmd != "" {
			s.Command = cmd + " --key-env " + c.snap.Vars.Key
		}
		out = append(out, finding(t, prob.Code, doctor.Error,
			fmt.Sprintf("%s's key from %s is unusable: %s", t.Label, where(e, t.Key), prob.Reason), catalog.Render(prob.Code, s), src(e, t.Key)))
	}
	return out
}
