package verify

import (
	"encoding/json"
	"fmt"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/opencode"
)

// fromOpenCode is OpenCode's resolved triple plus the provider id the
// turn's config content must name.
func fromOpenCode(s *discover.Snapshot) (Configured, error) {
	t, _ := tool.Lookup(string(gateway.OpenCode))
	c, err := fromOwn(s, t)
	if err != nil {
		return c, err
	}
	_, c.Provider, _, _ = opencode.StateOf(s).Effective()
	return c, nil
}

// contentRedirect sets the variable whose config content OpenCode merges
// over every config file: only the provider's baseURL changes, so the
// key, the model and its declaration stay the user's.
func contentRedirect(_ *env.Env, c Configured, relayBase, _ string, h *tool.Headless, _ map[string]string, inv *Invocation) error {
	if h.BaseEnv == "" || c.Provider == "" {
		return fmt.Errorf("%s names no provider to redirect", c.Tool)
	}
	content, err := json.Marshal(map[string]any{tool.OpenCodeProvider: map[string]any{
		c.Provider: map[string]any{tool.OpenCodeOptions: map[string]any{tool.OpenCodeBaseURL: relayBase}}}})
	if err != nil {
		return err
	}
	inv.Env = append(inv.Env, h.BaseEnv+"="+string(content))
	return nil
}
