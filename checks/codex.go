package checks

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tools"
)

// codexCheck reports the two Codex-only mistakes, both errors:
// codex-chat-wire (wire_api = "chat" makes Codex refuse to load the whole
// config, whichever provider is selected) and codex-env-key-unset (the
// selected provider's env_key names a variable that is not set, which
// Codex reports as an error at the first request).
type codexCheck struct{ snap *discover.Snapshot }

func (codexCheck) Name() string { return "codex-provider" }

func (c codexCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	cx := c.snap.Codex
	if !cx.ConfigExists {
		return []doctor.Finding{skip("codex", "no Codex config.toml ("+e.Tilde(cx.ConfigPath)+")")}
	}
	var out []doctor.Finding
	for _, id := range cx.ProviderIDs {
		p := cx.Providers[id]
		if p.WireAPI.Value == tools.CodexChatWire {
			out = append(out, doctor.Finding{Code: catalog.CodexChatWire, Status: doctor.Error, Tool: "codex", Source: p.WireAPI.Source.Display(e),
				Message: fmt.Sprintf("[model_providers.%s] has wire_api = \"chat\" (%s): Codex no longer speaks chat completions and refuses to load the config", id, p.WireAPI.Source.Display(e)),
				Fix:     catalog.Render(catalog.CodexChatWire, catalog.Slots{Edit: setAt(e, p.WireAPI.Source, tools.CodexWire), Command: setupFor("codex")})})
		}
	}
	sel := cx.SelectedProvider().Value
	if p, ok := cx.Providers[sel]; ok && p.EnvKey.Value != "" && !p.BearerToken.Set() {
		if _, set := e.Lookup(p.EnvKey.Value); !set {
			out = append(out, doctor.Finding{Code: catalog.CodexEnvKeyUnset, Status: doctor.Error, Tool: "codex", Source: p.EnvKey.Source.Display(e),
				Message: fmt.Sprintf("[model_providers.%s] takes its key from env_key = %q (%s), but %s is not set in this environment", sel, p.EnvKey.Value, p.EnvKey.Source.Display(e), p.EnvKey.Value),
				Fix:     catalog.Render(catalog.CodexEnvKeyUnset, catalog.Slots{Key: p.EnvKey.Value})})
		}
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Tool: "codex", Message: "Codex provider " + sel + " is loadable and has its key", Source: e.Tilde(cx.ConfigPath)})
	}
	return out
}

// authCheck reports auth-conflict: one tool holding two different
// credentials. An error: Claude Code sends ANTHROPIC_AUTH_TOKEN as Bearer
// and ANTHROPIC_API_KEY as x-api-key, and which one the gateway honours is
// up to the gateway, so a stale key can win.
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
				maskKey(first.Value), where(e, first), maskKey(other.Value), where(e, other))
			out = append(out, finding(t, catalog.AuthConflict, doctor.Error, msg,
				catalog.Render(catalog.AuthConflict, catalog.Slots{Remove: removeFix(e, other.Source), File: where(e, first), Command: setupCmd(t)}), src(e, other)))
		}
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "no tool holds two different keys"})
	}
	return out
}
