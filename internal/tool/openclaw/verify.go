package openclaw

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/json5pos"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// VerifyRead is verify's Reader: OpenClaw's resolved triple, the provider
// the primary model is on and, for an Anthropic provider, its wire rule.
func (impl) VerifyRead(s *discover.Snapshot, t tool.Tool) (verify.Configured, error) {
	c, err := verify.FromOwn(s, t)
	if err != nil {
		return c, err
	}
	id, _, p := StateOf(s).Effective()
	c.Provider = id
	if own, ok := s.Own(ID); ok {
		rule := own.Rule
		c.Rule, c.Auth = &rule, own.Rule.Auth
	}
	if p != nil && p.BaseURL.Value == "" {
		return c, fmt.Errorf("models.providers.%s has no baseUrl", id)
	}
	return c, nil
}

// VerifyRedirect is verify's Redirector: a copy of the config, in the
// turn's temporary directory, whose provider's baseUrl is the relay's,
// given to `agent exec --config`. The copy is the user's file with that
// one value changed (the JSON5 editor keeps the rest), so "${VAR}" keys
// and every other setting are the user's; agent exec keeps its state in a
// temporary directory of its own.
func (impl) VerifyRedirect(r *verify.Redirect) error {
	c, relayBase := r.Configured, r.RelayBase
	if c.Provider == "" {
		return fmt.Errorf("%s names no provider to redirect", c.Tool)
	}
	b, err := safefile.ReadFile(Config(r.Env))
	if err != nil {
		return err
	}
	doc, err := json5pos.ParseDoc(b)
	if err != nil {
		return err
	}
	if _, err := doc.Set([]string{ModelsKey, ProvidersKey, c.Provider, BaseURL}, relayBase); err != nil {
		return err
	}
	path := filepath.Join(r.Tmp, "openclaw.json")
	if err := os.WriteFile(path, doc.Bytes(), 0o600); err != nil {
		return err
	}
	r.Vars["{settings}"] = path
	return nil
}
