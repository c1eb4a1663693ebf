package discover

import (
	"testing"
)

// TestClaudeRequest: the model and headers Claude Code 2.1.197 was seen to
// send for each configuration (docs/tools.md), as discovery computes them.
func TestClaudeRequest(t *testing.T) {
	const base = `"ANTHROPIC_BASE_URL": "https://gw.example/api", `
	const token = `"ANTHROPIC_AUTH_TOKEN": "` + testKey + `"`
	login := map[string]string{".claude/.credentials.json": `{"claudeAiOauth": {"accessToken": "sk-ant-oat01-x"}}`}
	tests := []struct {
		name     string
		settings string
		vars     map[string]string
		extra    map[string]string
		model    string // what the turn asks for
		alias    string // the alias it came through
		builtin  bool   // Claude Code's own id, nothing set it
		header   string
		login    bool
	}{
		{"no model: default alias opus, built-in id", `{"env": {` + base + token + `}}`, nil, nil,
			"claude-opus-4-8", "opus", true, "Authorization: Bearer", false},
		{"GLM: the defaults serve the default alias", `{"env": {` + base + token + `, "ANTHROPIC_DEFAULT_OPUS_MODEL": "glm-4.6", "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, nil, nil,
			"glm-4.6", "opus", false, "Authorization: Bearer", false},
		{"only the sonnet default: a turn still asks for opus", `{"env": {` + base + token + `, "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, nil, nil,
			"claude-opus-4-8", "opus", true, "Authorization: Bearer", false},
		{"settings alias through its default", `{"model": "sonnet", "env": {` + base + token + `, "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, nil, nil,
			"glm-4.6", "sonnet", false, "Authorization: Bearer", false},
		{"alias case and [1m] do not matter", `{"model": "Sonnet[1m]", "env": {` + base + token + `, "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, nil, nil,
			"glm-4.6", "Sonnet[1m]", false, "Authorization: Bearer", false},
		{"opusplan outside plan mode is sonnet", `{"model": "opusplan", "env": {` + base + token + `, "ANTHROPIC_DEFAULT_OPUS_MODEL": "a", "ANTHROPIC_DEFAULT_SONNET_MODEL": "b"}}`, nil, nil,
			"b", "opusplan", false, "Authorization: Bearer", false},
		{"haiku alias without its default", `{"model": "haiku", "env": {` + base + token + `}}`, nil, nil,
			"claude-haiku-4-5-20251001", "haiku", true, "Authorization: Bearer", false},
		{"default is no alias: sent as it is", `{"model": "default", "env": {` + base + token + `}}`, nil, nil,
			"default", "", false, "Authorization: Bearer", false},
		{"ANTHROPIC_MODEL alias from the shell", `{"env": {` + base + token + `, "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, map[string]string{"ANTHROPIC_MODEL": "sonnet"}, nil,
			"glm-4.6", "sonnet", false, "Authorization: Bearer", false},
		{"an empty ANTHROPIC_MODEL is unset", `{"model": "m1", "env": {` + base + token + `, "ANTHROPIC_MODEL": ""}}`, nil, nil,
			"m1", "", false, "Authorization: Bearer", false},
		{"a model id is no alias", `{"env": {` + base + token + `, "ANTHROPIC_MODEL": "glm-4.6"}}`, nil, nil,
			"glm-4.6", "", false, "Authorization: Bearer", false},
		{"apiKeyHelper beside the token: two headers", `{"apiKeyHelper": "get-key", "env": {` + base + token + `, "ANTHROPIC_MODEL": "m"}}`, nil, nil,
			"m", "", false, "Authorization: Bearer + x-api-key", false},
		{"apiKeyHelper alone: both headers", `{"apiKeyHelper": "get-key", "env": {` + base + `"ANTHROPIC_MODEL": "m"}}`, nil, nil,
			"m", "", false, "Authorization: Bearer + x-api-key", false},
		{"a base URL, no key, a login: the login's token goes to the gateway", `{"env": {` + base + `"ANTHROPIC_MODEL": "m"}}`, nil, login,
			"m", "", false, "Authorization: Bearer (the subscription login's token)", true},
		{"an exported base URL and a login: judged too", `{"model": "m"}`, map[string]string{"ANTHROPIC_BASE_URL": "https://gw.example/api"}, login,
			"m", "", false, "Authorization: Bearer (the subscription login's token)", true},
		{"a base URL, no key, no login: nothing is sent", `{"env": {` + base + `"ANTHROPIC_MODEL": "m"}}`, nil, nil,
			"m", "", false, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".claude/settings.json": tt.settings}
			for k, v := range tt.extra {
				files[k] = v
			}
			e, _ := home(t, files, tt.vars)
			s := Discover(e, Options{})
			c, ok := s.Tool("claude")
			if !ok {
				t.Fatalf("claude not resolved; problems %+v", s.Problems)
			}
			if c.Model.Value != tt.model || c.ModelAlias.Value != tt.alias || c.Model.Source.Default != tt.builtin {
				t.Errorf("model %q (alias %q, built-in %v), want %q (alias %q, built-in %v)",
					c.Model.Value, c.ModelAlias.Value, c.Model.Source.Default, tt.model, tt.alias, tt.builtin)
			}
			r, _ := c.Request()
			if r.Header != tt.header {
				t.Errorf("header %q, want %q", r.Header, tt.header)
			}
			if c.Login.Set() != tt.login {
				t.Errorf("login %v, want %v", c.Login.Set(), tt.login)
			}
		})
	}
}
