package codex

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/tomlstr"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/openai"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// VerifyRead is verify's Reader.
func (impl) VerifyRead(s *discover.Snapshot, _ tool.Tool) (verify.Configured, error) {
	return fromCodex(s)
}

// fromCodex is Codex's triple: config.toml's model and selected provider
// and that provider's base URL and key. A legacy profile selector stops
// Codex before the turn (docs/tools.md).
func fromCodex(s *discover.Snapshot) (verify.Configured, error) {
	e, cx := s.Env, StateOf(s)
	c, err := verify.Opened(s, ID, cx.ConfigPath, cx.ConfigExists, "Codex is not configured for a gateway")
	if err != nil {
		return c, err
	}
	src := e.Tilde(cx.ConfigPath)
	if cx.Profile.Set() {
		return c, fmt.Errorf("%s has profile = %q: Codex refuses to start with a legacy profile selector (codex-legacy-profile)", cx.Profile.Source.Display(e), cx.Profile.Value)
	}
	c.Notes = verify.FileNotes(s, cx.AuthPath, "Codex ignores it")
	t, _ := s.Own(ID)
	c.Model, c.ModelSource = verify.Value(e, t.Model)
	c.Provider = cx.SelectedProvider().Value
	p, defined := cx.Providers[c.Provider]
	_, reserved := ReservedID(c.Provider)
	switch {
	case c.Provider != DefaultProvider && reserved:
		return c, fmt.Errorf("%s uses Codex's built-in %s provider, a local server, not a gateway", src, c.Provider)
	case c.Provider == DefaultProvider:
		if defined {
			c.Notes = append(c.Notes, "[model_providers.openai] is ignored: openai is a reserved provider id (config-ignored)")
		}
		c.Key, c.KeySource = verify.Value(e, cx.OpenAIProviderKey())
		if c.Key == "" && e.Getenv(openai.APIKey) != "" {
			c.Notes = append(c.Notes, "OPENAI_API_KEY is exported but Codex's built-in openai provider reads its key from auth.json (codex login --with-api-key)")
		}
	case !defined:
		return c, fmt.Errorf("%s names model_provider %q but has no [model_providers.%s] table", src, c.Provider, c.Provider)
	default:
		if p.WireAPI.Value == ChatWire {
			c.Notes = append(c.Notes, fmt.Sprintf(`model_providers.%s.wire_api = "chat": Codex refuses to load it (codex-chat-wire)`, c.Provider))
		}
		c.Key, c.KeySource = verify.Value(e, t.Key)
		if t.Auth != "" { // an x-api-key header (env_http_headers, http_headers)
			c.Auth = t.Auth
		}
		if p.EnvKey.Value != "" && t.KeyName == p.EnvKey.Value {
			c.KeySource = "$" + p.EnvKey.Value
			if c.Key == "" {
				c.Notes = append(c.Notes, fmt.Sprintf("env_key names %s, which is not set (codex-env-key-unset)", p.EnvKey.Value))
			}
		}
	}
	if err := verify.Fatal(s, cx.ConfigPath, false); err != nil {
		return c, err
	}
	c.Base, c.BaseSource = verify.Value(e, t.Base)
	return c, nil
}

// VerifyRedirect is verify's Redirector: it redirects one `codex exec` run with -c, which beats
// config.toml without touching it, in an empty directory, read-only, with
// nothing persisted. A -c dotted path takes the provider id as is, so it
// must be a bare TOML key.
func (impl) VerifyRedirect(r *verify.Redirect) error {
	c := r.Configured
	if c.Provider != DefaultProvider && !tomlstr.BareKey(c.Provider) {
		return fmt.Errorf("the provider id %q cannot be overridden with -c (it is not a bare TOML key)", c.Provider)
	}
	r.Vars["{override}"] = BaseOverride(c.Provider) + "=" + tomlstr.Quote(r.RelayBase)
	return nil
}
