package writers

import (
	"encoding/json"
	"os"
	"slices"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/toolpaths"
)

// claudeWriter sets the `env` object of a Claude Code settings.json: a
// value there beats the shell (design.md §1).
type claudeWriter struct{}

func (claudeWriter) Tool() gateway.ToolID { return gateway.Claude }

// Claude Code reads the key from one of two variables: AUTH_TOKEN is sent
// as Authorization: Bearer, API_KEY as x-api-key. Both set is a conflict.
const (
	claudeToken  = "ANTHROPIC_AUTH_TOKEN"
	claudeAPIKey = "ANTHROPIC_API_KEY"
)

func (claudeWriter) Plan(o Options) ([]*Change, error) {
	path := toolpaths.ClaudeSettings(o.Env, o.ClaudeScope, o.Project)
	c, err := readFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := parseJSONDoc(path, c.Old, false)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	authVar, staleVar := claudeToken, claudeAPIKey
	if o.ClaudeAuth == "api-key" {
		authVar, staleVar = claudeAPIKey, claudeToken
	}
	set := []struct{ name, value string }{
		{"ANTHROPIC_BASE_URL", baseFor(gateway.Claude, p.BaseURL)},
		{authVar, p.Key},
		{"ANTHROPIC_MODEL", p.Model},
	}
	if p.BackgroundModel != "" {
		set = append(set, struct{ name, value string }{"ANTHROPIC_DEFAULT_HAIKU_MODEL", p.BackgroundModel})
	}
	for _, kv := range set {
		if _, err := doc.set([]string{"env", kv.name}, kv.value); err != nil {
			return nil, err
		}
	}
	if old, _ := doc.str("env", staleVar); doc.remove("env", staleVar) {
		c.addSecrets(old)
		c.notef("removed env.%s: with %s also set, Claude Code would send two different credentials", staleVar, authVar)
	}
	if authVar == claudeAPIKey && rejectedByClaude(o, p.Key) {
		c.notef("%s lists this key under customApiKeyResponses.rejected: Claude Code will not use it until you remove it there", o.Env.Tilde(toolpaths.ClaudeState(o.Env)))
	}
	c.New = doc.bytes()
	c.finish(true, 0o600)
	return []*Change{c}, nil
}

// rejectedByClaude reports whether the user once told Claude Code to
// reject this key: ~/.claude.json keeps the last 20 characters of such
// keys, and Claude Code then silently ignores ANTHROPIC_API_KEY.
func rejectedByClaude(o Options, key string) bool {
	b, err := os.ReadFile(toolpaths.ClaudeState(o.Env))
	if err != nil || len(key) < 20 {
		return false
	}
	var state struct {
		CustomAPIKeyResponses struct {
			Rejected []string `json:"rejected"`
		} `json:"customApiKeyResponses"`
	}
	if json.Unmarshal(b, &state) != nil {
		return false
	}
	return slices.Contains(state.CustomAPIKeyResponses.Rejected, key[len(key)-20:])
}
