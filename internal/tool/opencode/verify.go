package opencode

import (
	"encoding/json"
	"fmt"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// VerifyRead is verify's Reader: OpenCode's resolved triple plus the
// provider id the turn's config content must name.
func (impl) VerifyRead(s *discover.Snapshot, t tool.Tool) (verify.Configured, error) {
	c, err := verify.FromOwn(s, t)
	if err != nil {
		return c, err
	}
	_, c.Provider, _, _ = StateOf(s).Effective()
	return c, nil
}

// VerifyRedirect is verify's Redirector: it sets the variable whose config content OpenCode merges
// over every config file: only the provider's baseURL changes, so the
// key, the model and its declaration stay the user's.
func (impl) VerifyRedirect(r *verify.Redirect) error {
	c, relayBase, h, inv := r.Configured, r.RelayBase, r.Headless, r.Inv
	if h.BaseEnv == "" || c.Provider == "" {
		return fmt.Errorf("%s names no provider to redirect", c.Tool)
	}
	content, err := json.Marshal(map[string]any{ProviderKey: map[string]any{
		c.Provider: map[string]any{Options: map[string]any{BaseURL: relayBase}}}})
	if err != nil {
		return err
	}
	inv.Env = append(inv.Env, h.BaseEnv+"="+string(content))
	return nil
}
