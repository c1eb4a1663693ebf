package codex

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/shell"
)

// codexCheck reports the two Codex-only mistakes, both errors:
// codex-chat-wire (wire_api = "chat" makes Codex refuse to load the whole
// config, whichever provider is selected) and codex-env-key-unset (the
// selected provider's env_key names a variable that is not set, which
// Codex reports as an error at the first request).
type codexCheck struct {
	snap    *discover.Snapshot
	version string // the installed Codex's, "" when none was detected
}

func (codexCheck) Name() string { return "codex-provider" }

func (c codexCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	cx := StateOf(c.snap)
	if !cx.ConfigExists {
		return []doctor.Finding{checks.Skip("codex", "no Codex config.toml ("+e.Tilde(cx.ConfigPath)+")")}
	}
	sheet := Facts.Value(c.version)
	var out []doctor.Finding
	out = append(out, c.bom(e, sheet)...)
	for _, id := range cx.ProviderIDs {
		p := cx.Providers[id]
		if p.WireAPI.Value == ChatWire && sheet.RefusesChatWire {
			out = append(out, checks.ByTriple(e, doctor.Finding{Code: catalog.CodexChatWire, Status: doctor.Error, Tool: "codex", Source: p.WireAPI.Source.Display(e),
				Message: fmt.Sprintf("[model_providers.%s] has wire_api = \"chat\" (%s): %s no longer speaks chat completions and refuses to load the config", id, p.WireAPI.Source.Display(e), who(c.version)),
				Fix:     catalog.Render(catalog.CodexChatWire, catalog.Slots{Edit: checks.SetAt(e, p.WireAPI.Source, Wire), Command: checks.SetupFor("codex")})}, p.WireAPI.Source))
		}
	}
	sel := cx.SelectedProvider().Value
	if sheet.RefusesLegacyProfile {
		out = append(out, c.legacyProfile(e)...)
	}
	if p, ok := cx.Providers[sel]; ok {
		out = append(out, c.credential(e, p)...)
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Tool: "codex", Message: "Codex provider " + sel + " is loadable and has its key", Source: e.Tilde(cx.ConfigPath)})
	}
	return out
}

// legacyProfile reports codex-legacy-profile: Codex refuses to start with
// a top-level profile = "x" (Facts: 0.171.0 ✓, docs/tools.md).
func (c codexCheck) legacyProfile(e *env.Env) []doctor.Finding {
	cx := StateOf(c.snap)
	if !cx.Profile.Set() {
		return nil
	}
	at := cx.Profile.Source.Display(e)
	msg := fmt.Sprintf("%s has profile = %q: %s refuses to start (\"legacy `profile = %q` config is no longer supported\")", at, cx.Profile.Value, who(c.version), cx.Profile.Value)
	if cx.ProfileFound {
		msg += fmt.Sprintf(", and the [profiles.%s] table is never applied", cx.Profile.Value)
	}
	slots := catalog.Slots{Value: cx.Profile.Value, File: e.Tilde(cx.ConfigPath), Line: cx.Profile.Source.Line,
		Key: e.Tilde(filepath.Join(filepath.Dir(cx.ConfigPath), cx.Profile.Value+".config.toml"))}
	return []doctor.Finding{{Code: catalog.CodexLegacyProfile, Status: doctor.Error, Tool: "codex", Source: at, Message: msg, Fix: catalog.Render(catalog.CodexLegacyProfile, slots)}}
}

// bom reports a config.toml with a UTF-8 byte order mark to a version
// that does not read one (the reader skips it, as the versions observed
// do, so that the rest of doctor sees the file's settings).
func (c codexCheck) bom(e *env.Env, sheet Sheet) []doctor.Finding {
	cx := StateOf(c.snap)
	if !cx.ConfigBOM || sheet.ReadsBOM {
		return nil
	}
	at := e.Tilde(cx.ConfigPath)
	return []doctor.Finding{{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: "codex", Source: at,
		Message: fmt.Sprintf("%s starts with a UTF-8 byte order mark, which %s does not read as TOML", at, who(c.version)),
		Fix:     catalog.Render(catalog.ConfigInvalid, catalog.Slots{Edit: "save " + at + " as UTF-8 without a BOM", File: at})}}
}

// credential judges the credential Codex sends to the selected custom
// provider (Sends): none because env_key's variable is unset
// (codex-env-key-unset), none because the key sits in auth.json the
// provider does not read (codex-auth-unsent), or the ChatGPT sign-in's
// token (codex-login-sent).
func (c codexCheck) credential(e *env.Env, p *Provider) []doctor.Finding {
	cx := StateOf(c.snap)
	cfg := e.Tilde(cx.ConfigPath)
	slots := catalog.Slots{Key: p.ID, File: cfg, Line: p.Line, Value: c.snap.Vars.Key, Command: "keydoctor setup --tools codex"}
	at := fmt.Sprintf("%s:%d", cfg, p.Line)
	switch {
	case p.EnvKey.Value != "" && cx.Sends == SendsNothing:
		if _, set := e.Lookup(p.EnvKey.Value); !set {
			msg := fmt.Sprintf("[model_providers.%s] takes its key from env_key = %q (%s), but %s is not set in this environment", p.ID, p.EnvKey.Value, p.EnvKey.Source.Display(e), p.EnvKey.Value)
			if p.BearerToken.Set() || len(p.Headers) > 0 || p.RequiresOpenAIAuth {
				msg += ": Codex stops before any request, although the table has another key (env_key wins over it)"
			}
			return []doctor.Finding{{Code: catalog.CodexEnvKeyUnset, Status: doctor.Error, Tool: "codex", Source: p.EnvKey.Source.Display(e),
				Message: msg,
				Fix:     catalog.Render(catalog.CodexEnvKeyUnset, catalog.Slots{Key: p.EnvKey.Value, Edit: envKeyEdit(e, p.EnvKey.Value)})}}
		}
	case cx.Sends == SendsLogin:
		return []doctor.Finding{{Code: catalog.CodexLoginSent, Status: doctor.Error, Tool: "codex", Source: at,
			Message: fmt.Sprintf("[model_providers.%s] has requires_openai_auth = true and %s holds a ChatGPT sign-in (%s): Codex sends the sign-in's access token and account id to %s instead of a gateway key", p.ID, e.Tilde(cx.AuthPath), cx.ChatGPTAt.Display(e), hostOf(p.BaseURL.Value)),
			Fix:     catalog.Render(catalog.CodexLoginSent, slots)}}
	case cx.Sends == SendsNothing && !p.RequiresOpenAIAuth && cx.AuthKey.Set():
		return []doctor.Finding{{Code: catalog.CodexAuthUnsent, Status: doctor.Error, Tool: "codex", Source: at,
			Message: fmt.Sprintf("[model_providers.%s] does not set requires_openai_auth = true, so Codex sends no key: the key in %s (%s) is read only by providers that do", p.ID, e.Tilde(cx.AuthPath), checks.MaskKey(cx.AuthKey.Value)),
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

// ChecksKeyExplained: Codex sending no key for a cause of its own
// (env_key's variable unset, a key in auth.json the provider does not
// read, the ChatGPT sign-in's token) has its own code
// (codexCheck.credential), not triple-present's env-missing.
func (impl) ChecksKeyExplained(s *discover.Snapshot, t discover.Tool) bool {
	cx := StateOf(s)
	p, ok := cx.Providers[cx.SelectedProvider().Value]
	if t.ID != Tool.ID || !ok || t.Key.Set() {
		return false
	}
	return p.EnvKey.Value != "" || cx.Sends == SendsLogin || !p.RequiresOpenAIAuth && cx.AuthKey.Set()
}

// ChecksIgnored reports, part of config-ignored, a [model_providers.x]
// table with a reserved id, which Codex ignores: an error when
// model_provider selects it, since the custom base_url is then dropped and
// Codex talks to the built-in provider instead.
func (impl) ChecksIgnored(e *env.Env, s *discover.Snapshot) (_, own []doctor.Finding) {
	var out []doctor.Finding
	cx := StateOf(s)
	selected := cx.SelectedProvider().Value
	for _, id := range cx.ProviderIDs {
		if _, reserved := ReservedID(id); !reserved {
			continue
		}
		p := cx.Providers[id]
		at := fmt.Sprintf("%s:%d", e.Tilde(cx.ConfigPath), p.Line)
		st, extra := doctor.Warning, ""
		if id == selected {
			st, extra = doctor.Error, "; model_provider selects it, so Codex uses the built-in provider, not this base_url"
		}
		out = append(out, doctor.Finding{Code: catalog.ConfigIgnored, Status: st, Tool: "codex", Source: at,
			Message: fmt.Sprintf("[model_providers.%s] uses a reserved provider id: Codex ignores the table%s", id, extra),
			Fix: catalog.Render(catalog.ConfigIgnored, catalog.Slots{Command: checks.SetupFor("codex"), Edit: fmt.Sprintf("rename [model_providers.%s] to a new id (e.g. [model_providers.gateway]) in %s and set model_provider = \"gateway\"",
				id, at)})})
	}
	return nil, out
}

// ChecksOffline adds codex-provider at the config stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageConfig, Check: codexCheck{o.Snapshot, o.Version(ID)}}}
}

// envKeyEdit is the fix of codex-env-key-unset in the user's shell: the
// variable env_key names, set for this session and kept.
func envKeyEdit(e *env.Env, name string) string {
	sh, names := shell.Of(e), []string{name}
	const key = "<your gateway key>"
	return sh.SetAllShown(names, key) + " in the shell that starts Codex (and " + sh.PersistAllShown(names, key) + ")"
}
