package checks

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/codex"
)

// codexCheck reports the two Codex-only mistakes, both errors:
// codex-chat-wire (wire_api = "chat" makes Codex refuse to load the whole
// config, whichever provider is selected) and codex-env-key-unset (the
// selected provider's env_key names a variable that is not set, which
// Codex reports as an error at the first request).
type codexCheck struct{ snap *discover.Snapshot }

func (codexCheck) Name() string { return "codex-provider" }

func (c codexCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	cx := codex.StateOf(c.snap)
	if !cx.ConfigExists {
		return []doctor.Finding{skip("codex", "no Codex config.toml ("+e.Tilde(cx.ConfigPath)+")")}
	}
	var out []doctor.Finding
	for _, id := range cx.ProviderIDs {
		p := cx.Providers[id]
		if p.WireAPI.Value == tool.CodexChatWire {
			out = append(out, doctor.Finding{Code: catalog.CodexChatWire, Status: doctor.Error, Tool: "codex", Source: p.WireAPI.Source.Display(e),
				Message: fmt.Sprintf("[model_providers.%s] has wire_api = \"chat\" (%s): Codex no longer speaks chat completions and refuses to load the config", id, p.WireAPI.Source.Display(e)),
				Fix:     catalog.Render(catalog.CodexChatWire, catalog.Slots{Edit: setAt(e, p.WireAPI.Source, tool.CodexWire), Command: setupFor("codex")})})
		}
	}
	sel := cx.SelectedProvider().Value
	out = append(out, c.legacyProfile(e)...)
	if p, ok := cx.Providers[sel]; ok {
		out = append(out, c.credential(e, p)...)
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Tool: "codex", Message: "Codex provider " + sel + " is loadable and has its key", Source: e.Tilde(cx.ConfigPath)})
	}
	return out
}

// legacyProfile reports codex-legacy-profile: Codex 0.134 and later refuse
// to start with a top-level profile = "x" (docs/tools.md).
func (c codexCheck) legacyProfile(e *env.Env) []doctor.Finding {
	cx := codex.StateOf(c.snap)
	if !cx.Profile.Set() {
		return nil
	}
	at := cx.Profile.Source.Display(e)
	msg := fmt.Sprintf("%s has profile = %q: Codex refuses to start (\"legacy `profile = %q` config is no longer supported\")", at, cx.Profile.Value, cx.Profile.Value)
	if cx.ProfileFound {
		msg += fmt.Sprintf(", and the [profiles.%s] table is never applied", cx.Profile.Value)
	}
	slots := catalog.Slots{Value: cx.Profile.Value, File: e.Tilde(cx.ConfigPath), Line: cx.Profile.Source.Line,
		Key: e.Tilde(filepath.Join(filepath.Dir(cx.ConfigPath), cx.Profile.Value+".config.toml"))}
	return []doctor.Finding{{Code: catalog.CodexLegacyProfile, Status: doctor.Error, Tool: "codex", Source: at, Message: msg, Fix: catalog.Render(catalog.CodexLegacyProfile, slots)}}
}

// credential judges the credential Codex sends to the selected custom
// provider (codex.Sends): none because env_key's variable is unset
// (codex-env-key-unset), none because the key sits in auth.json the
// provider does not read (codex-auth-unsent), or the ChatGPT sign-in's
// token (codex-login-sent).
func (c codexCheck) credential(e *env.Env, p *codex.Provider) []doctor.Finding {
	cx := codex.StateOf(c.snap)
	cfg := e.Tilde(cx.ConfigPath)
	slots := catalog.Slots{Key: p.ID, File: cfg, Line: p.Line, Value: c.snap.Vars.Key, Command: "keydoctor setup --tools codex"}
	at := fmt.Sprintf("%s:%d", cfg, p.Line)
	switch {
	case p.EnvKey.Value != "" && cx.Sends == codex.SendsNothing:
		if _, set := e.Lookup(p.EnvKey.Value); !set {
			msg := fmt.Sprintf("[model_providers.%s] takes its key from env_key = %q (%s), but %s is not set in this environment", p.ID, p.EnvKey.Value, p.EnvKey.Source.Display(e), p.EnvKey.Value)
			if p.BearerToken.Set() || len(p.Headers) > 0 || p.RequiresOpenAIAuth {
				msg += ": Codex stops before any request, although the table has another key (env_key wins over it)"
			}
			return []doctor.Finding{{Code: catalog.CodexEnvKeyUnset, Status: doctor.Error, Tool: "codex", Source: p.EnvKey.Source.Display(e),
				Message: msg,
				Fix:     catalog.Render(catalog.CodexEnvKeyUnset, catalog.Slots{Key: p.EnvKey.Value})}}
		}
	case cx.Sends == codex.SendsLogin:
		return []doctor.Finding{{Code: catalog.CodexLoginSent, Status: doctor.Error, Tool: "codex", Source: at,
			Message: fmt.Sprintf("[model_providers.%s] has requires_openai_auth = true and %s holds a ChatGPT sign-in (%s): Codex sends the sign-in's access token and account id to %s instead of a gateway key", p.ID, e.Tilde(cx.AuthPath), cx.ChatGPTAt.Display(e), hostOf(p.BaseURL.Value)),
			Fix:     catalog.Render(catalog.CodexLoginSent, slots)}}
	case cx.Sends == codex.SendsNothing && !p.RequiresOpenAIAuth && cx.AuthKey.Set():
		return []doctor.Finding{{Code: catalog.CodexAuthUnsent, Status: doctor.Error, Tool: "codex", Source: at,
			Message: fmt.Sprintf("[model_providers.%s] does not set requires_openai_auth = true, so Codex sends no key: the key in %s (%s) is read only by providers that do", p.ID, e.Tilde(cx.AuthPath), maskKey(cx.AuthKey.Value)),
			Fix:     catalog.Render(catalog.CodexAuthUnsent, slots)}}
	}
	return nil
}

// hostOf is the host of a URL for messages, or the URL itself.
func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		return u.Host
	}
	return raw
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
			cmd := setupCmd(t)
			if other.Source.IsVar() { // setup cannot unset what the shell exports
				cmd = ""
			}
			out = append(out, finding(t, catalog.AuthConflict, doctor.Error, msg,
				catalog.Render(catalog.AuthConflict, catalog.Slots{Remove: removeFix(e, other.Source), File: where(e, first), Command: cmd}), src(e, other)))
		}
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "no tool holds two different keys"})
	}
	return out
}
