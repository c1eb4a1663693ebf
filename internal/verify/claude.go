package verify

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
)

// fromClaude is Claude Code's triple: its settings files merged in its
// order, a value in a settings env beating the same variable in the shell.
func fromClaude(s *discover.Snapshot) Configured {
	e := s.Env
	c := Configured{Tool: gateway.Claude, claudeProjectEnv: map[string]string{}}
	for _, l := range claude.StateOf(s).Layers {
		if l.Exists {
			c.Files = append(c.Files, l.Path)
		}
		// Claude Code silently ignores a settings file that fails
		// validation in -p mode.
		c.Notes = append(c.Notes, fileNotes(s, l.Path, "Claude Code ignores it")...)
		if l.Scope == string(tool.ClaudeProject) || l.Scope == string(tool.ClaudeLocal) {
			for k, v := range l.Env {
				c.claudeProjectEnv[k] = v.Value
			}
			if l.Model.Value != "" {
				c.claudeProjectModel = l.Model.Value
			}
		}
	}
	t, _ := s.Own(gateway.Claude)
	c.Route, c.RouteSource = routeOf(s, t)
	c.Base, c.BaseSource = claudeValue(e, t.Base)
	if c.Route.ViaSwitch() && tool.ClaudeGatewayRefuses(c.Base) {
		c.refusedBase, c.refusedSource = c.Base, c.BaseSource
	}
	for _, l := range claude.StateOf(s).Layers {
		if l.Scope == string(tool.ClaudeManaged) && c.Base != "" && t.Base.Source.File == l.Path {
			c.Notes = append(c.Notes, e.Tilde(l.Path)+" sets ANTHROPIC_BASE_URL: managed settings beat --settings, so verify cannot point Claude Code at its relay")
		}
	}
	c.Model, c.ModelSource = claudeValue(e, t.Model)
	c.BackgroundModel, c.BackgroundModelSource = claudeValue(e, t.BackgroundModel)
	c.Key, c.KeySource = claudeValue(e, t.Key)
	if c.Key != "" {
		c.Auth = t.Auth
		if t.Key.Source.File != "" {
			c.KeySource += " " + t.KeyName
		}
		if t.KeyName == tool.AnthropicAuthToken && claude.Var(s, tool.AnthropicAPIKey).Value != "" {
			c.Notes = append(c.Notes, "both ANTHROPIC_AUTH_TOKEN and ANTHROPIC_API_KEY are set (auth-conflict)")
		}
	}
	return c
}

// claudeValue is value with a settings env variable's source shortened to
// its file ("~/.claude/settings.json"), as verify has always named it.
func claudeValue(e *env.Env, v discover.Value) (string, string) {
	if strings.HasPrefix(v.Source.Key, tool.ClaudeEnv+".") {
		v.Source.Key = ""
	}
	return value(e, v)
}

// claudeRedirect points Claude Code at the relay for one -p turn. The
// redirect goes in a --settings file (the layer above user, project and
// local settings) rather than inline JSON, because the project's env values
// it carries may hold a key, and a command line is visible to every user of
// the machine. The turn runs in an empty directory with no tools, so no
// file of the user's project is read or sent.
func claudeRedirect(_ *env.Env, c Configured, relayBase, tmp string, _ *tool.Headless, vars map[string]string, _ *Invocation) error {
	merged, doc := map[string]string{}, map[string]any{}
	for k, v := range c.claudeProjectEnv {
		merged[k] = v
	}
	if c.claudeProjectModel != "" {
		doc[tool.ClaudeModelKey] = c.claudeProjectModel
	}
	merged[tool.AnthropicBaseURL] = relayBase
	doc[tool.ClaudeEnv] = merged
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	settings := filepath.Join(tmp, "keydoctor-verify-settings.json")
	vars["{settings}"] = settings
	return os.WriteFile(settings, b, 0o600)
}
