package writers

import (
	"os"
	"slices"

	"github.com/keydoctor/keydoctor/internal/tools"
	"github.com/tidwall/gjson"
)

// planClaude sets the env object of a Claude Code settings.json: a value
// there beats the shell (docs/tools.md). Claude Code reads the key from one
// of two variables: AUTH_TOKEN is sent as Authorization: Bearer, API_KEY as
// x-api-key. Both set is a conflict, so the other one is removed.
func planClaude(o Options, t tools.Tool) ([]*Change, error) {
	path := tools.ClaudeSettings(o.Env, o.ClaudeScope, o.Project)
	c, err := readFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := parseJSONDoc(path, c.Old, false)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	authVar, staleVar := tools.AnthropicAuthToken, tools.AnthropicAPIKey
	if o.ClaudeAuth == "api-key" {
		authVar, staleVar = tools.AnthropicAPIKey, tools.AnthropicAuthToken
	}
	set := [][2]string{
		{tools.AnthropicBaseURL, t.Base(p.BaseURL)},
		{authVar, p.Key},
		{tools.AnthropicModel, p.Model},
	}
	if p.BackgroundModel != "" {
		set = append(set, [2]string{tools.ClaudeBackgroundModel, p.BackgroundModel})
	}
	for _, kv := range set {
		if _, err := doc.set([]string{tools.ClaudeEnv, kv[0]}, kv[1]); err != nil {
			return nil, err
		}
	}
	if old, _ := doc.str(tools.ClaudeEnv, staleVar); doc.remove(tools.ClaudeEnv, staleVar) {
		c.addSecrets(old)
		c.notef("removed env.%s: with %s also set, Claude Code would send two different credentials", staleVar, authVar)
	}
	if authVar == tools.AnthropicAPIKey && rejectedByClaude(o, p.Key) {
		c.notef("%s lists this key under customApiKeyResponses.rejected: Claude Code will not use it until you remove it there", o.Env.Tilde(tools.ClaudeState(o.Env)))
	}
	c.New = doc.bytes()
	c.finish(true, 0o600)
	return []*Change{c}, nil
}

// rejectedByClaude reports whether the user once told Claude Code to
// reject this key: ~/.claude.json keeps the last 20 characters of such
// keys, and Claude Code then silently ignores ANTHROPIC_API_KEY.
func rejectedByClaude(o Options, key string) bool {
	b, err := os.ReadFile(tools.ClaudeState(o.Env))
	if err != nil || len(key) < tools.ClaudeRejectedTail {
		return false
	}
	if !gjson.ValidBytes(b) {
		return false
	}
	tail := key[len(key)-tools.ClaudeRejectedTail:]
	return slices.ContainsFunc(gjson.GetBytes(b, tools.ClaudeRejected).Array(), func(r gjson.Result) bool {
		return r.Type == gjson.String && r.Str == tail
	})
}
