package providerjson

import (
	"encoding/json"
	"fmt"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// VerifyRead is verify's Reader: the resolved triple, the provider id the
// turn's config content must name, and the provider's wire rule.
func (f Format) VerifyRead(s *discover.Snapshot, t tool.Tool) (verify.Configured, error) {
	c, err := verify.FromOwn(s, t)
	if err != nil {
		return c, err
	}
	var p Provider
	_, c.Provider, _, p = f.StateOf(s).Effective()
	if f.Anthropic != nil && p.NPM.Value == AnthropicNPM {
		rule := *f.Anthropic
		c.Rule = &rule
	}
	return c, nil
}

// Content is the config content a turn's variable carries: only the
// provider's baseURL changes, so the key, the model and its declaration
// stay the user's; extra are further top-level keys (a tool's switches).
func Content(provider, base string, extra map[string]any) (string, error) {
	doc := map[string]any{ProviderKey: map[string]any{
		provider: map[string]any{Options: map[string]any{BaseURL: base}}}}
	for k, v := range extra {
		doc[k] = v
	}
	b, err := json.Marshal(doc)
	return string(b), err
}

// VerifyRedirect is verify's Redirector: it sets the variable whose config
// content the tool merges over every config file (Content).
func (f Format) VerifyRedirect(r *verify.Redirect) error {
	return f.Redirect(r, nil)
}

// Redirect is VerifyRedirect with extra top-level keys in the content.
func (f Format) Redirect(r *verify.Redirect, extra map[string]any) error {
	c, h, inv := r.Configured, r.Headless, r.Inv
	if h.BaseEnv == "" || c.Provider == "" {
		return fmt.Errorf("%s names no provider to redirect", c.Tool)
	}
	content, err := Content(c.Provider, r.RelayBase, extra)
	if err != nil {
		return err
	}
	inv.Env = append(inv.Env, h.BaseEnv+"="+content)
	return nil
}
