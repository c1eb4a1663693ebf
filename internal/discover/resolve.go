package discover

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Tool is one tool's effective triple.
type Tool struct {
	ID gateway.ToolID
	// Rule is the row of gateway.Tools whose URL rules apply to Base.
	Rule gateway.Tool
	// Label names this instance for people: "Claude Code", "Codex CLI
	// (provider taotoken)", "Cline (Cursor) MCP server taotoken".
	Label string
	Base  Value
	Key   Value
	Model Value
	// KeyName says which credential Key is: ANTHROPIC_AUTH_TOKEN, the
	// env_key variable, auth.json OPENAI_API_KEY, apiKeyHelper, none.
	KeyName string
	// NeedsModel: without a model the tool falls back to a default the
	// gateway may not serve.
	NeedsModel bool
	// NoKeyNeeded: a local provider (Ollama, LM Studio) takes no key.
	NoKeyNeeded bool
	// Places are where each part belongs when it has to be set (the file
	// and key, or the variable): what fixes name.
	Places Places
	// Credentials are every key-bearing value the tool may send, for
	// auth-conflict (Claude Code: ANTHROPIC_AUTH_TOKEN and ANTHROPIC_API_KEY).
	Credentials []Value
	// Auth is the header the tool sends Key in: bearer for
	// ANTHROPIC_AUTH_TOKEN, x-api-key for ANTHROPIC_API_KEY, a Cline
	// anthropic provider's apiKey; empty when the tool sends no key or it
	// depends (apiKeyHelper).
	Auth gateway.Auth
	// BackgroundModel is Claude Code's small, fast model
	// (ANTHROPIC_DEFAULT_HAIKU_MODEL, older ANTHROPIC_SMALL_FAST_MODEL),
	// which also goes through the gateway; unset for other tools.
	BackgroundModel Value
}

// Places are where base URL, key and model of a tool are written.
type Places struct{ Base, Key, Model Source }

// KeyHelper is the KeyName of a key produced by Claude Code's apiKeyHelper.
const KeyHelper = "apiKeyHelper"

// defaults are the tools' built-in base URLs.
const (
	anthropicDefault = "https://api.anthropic.com"
	openaiDefault    = "https://api.openai.com/v1"
)

func defaultValue(v string) Value { return Value{Value: v, Source: Source{Default: true}} }

func rule(id gateway.ToolID) gateway.Tool {
	t, _ := gateway.LookupTool(string(id))
	return t
}

func (s *Snapshot) resolve() {
	if t, ok := s.resolveClaude(); ok {
		s.Tools = append(s.Tools, t)
	}
	if t, ok := s.resolveCodex(); ok {
		s.Tools = append(s.Tools, t)
	}
	if t, ok := s.resolveCline(); ok {
		s.Tools = append(s.Tools, t)
	}
	s.Tools = append(s.Tools, s.resolveMCP("cline", "Cline CLI", s.Cline.MCPServers)...)
	for _, ed := range s.Editors {
		s.Tools = append(s.Tools, s.resolveMCP("vscode", "Cline ("+ed.Editor.Name+")", ed.MCPServers)...)
	}
	s.Tools = append(s.Tools, s.resolveDotEnv()...)
	s.Tools = append(s.Tools, s.resolveSDKs()...)
	for i := range s.Tools {
		t := &s.Tools[i]
		if t.Auth == "" && t.Key.Set() {
			t.Auth = authFor(t.KeyName, t.Rule)
		}
	}
}

func (s *Snapshot) resolveClaude() (Tool, bool) {
	if !s.Claude.Configured() {
		return Tool{}, false
	}
	return s.claudeTool(), true
}

// claudeTool resolves Claude Code's triple from its settings and the
// shell, whether or not a settings file configures it.
func (s *Snapshot) claudeTool() Tool {
	c := s.Claude
	t := Tool{ID: gateway.Claude, Rule: rule(gateway.Claude), Label: "Claude Code", NeedsModel: true}
	user := c.Layers[0].Path
	t.Places = Places{Source{File: user, Key: "env.ANTHROPIC_BASE_URL"}, Source{File: user, Key: "env.ANTHROPIC_AUTH_TOKEN"}, Source{File: user, Key: "env.ANTHROPIC_MODEL"}}
	t.Base = c.lookup("ANTHROPIC_BASE_URL", s.Shell("ANTHROPIC_BASE_URL"))
	if !t.Base.Set() {
		t.Base = defaultValue(anthropicDefault)
	}
	token := s.ClaudeVar("ANTHROPIC_AUTH_TOKEN")
	apiKey := s.ClaudeVar("ANTHROPIC_API_KEY")
	switch {
	case token.Set():
		t.Key, t.KeyName = token, "ANTHROPIC_AUTH_TOKEN"
	case apiKey.Set():
		t.Key, t.KeyName = apiKey, "ANTHROPIC_API_KEY"
	default:
		for i := len(c.Layers) - 1; i >= 0; i-- {
			if h := c.Layers[i].APIKeyHelper; h.Set() {
				t.Key, t.KeyName = Value{Source: h.Source}, KeyHelper
				break
			}
		}
		if !t.Key.Set() && c.PrimaryAPIKey.Set() {
			t.Key, t.KeyName = c.PrimaryAPIKey, "primaryApiKey"
		}
	}
	for _, v := range []Value{token, apiKey} {
		if v.Set() {
			t.Credentials = append(t.Credentials, v)
		}
	}
	// ANTHROPIC_MODEL (from settings env or shell) beats the "model" key.
	var models []Value
	if v := c.lookup("ANTHROPIC_MODEL", s.Shell("ANTHROPIC_MODEL")); v.Set() {
		models = append(models, v)
		models = append(models, v.Overrides...)
	}
	for i := len(c.Layers) - 1; i >= 0; i-- {
		if m := c.Layers[i].Model; m.Set() {
			models = append(models, m)
		}
	}
	if len(models) > 0 {
		t.Model = models[0]
		t.Model.Overrides = models[1:]
	}
	t.BackgroundModel = s.claudeBackgroundModel()
	if t.Key.Set() {
		t.Auth = authFor(t.KeyName, t.Rule)
	}
	return t
}

// Background is the model Claude Code sends its background requests to:
// BackgroundModel when one is set, else Claude Code's built-in default
// (Source.Default). Zero for every other tool.
func (t Tool) Background() Value {
	switch {
	case t.ID != gateway.Claude:
		return Value{}
	case t.BackgroundModel.Value != "":
		return t.BackgroundModel
	}
	return defaultValue(gateway.ClaudeDefaultBackgroundModel)
}

// claudeBackgroundModel is ANTHROPIC_DEFAULT_HAIKU_MODEL, or when that is
// unset or empty the older ANTHROPIC_SMALL_FAST_MODEL: Claude Code takes
// the first non-empty one.
func (s *Snapshot) claudeBackgroundModel() Value {
	haiku := s.ClaudeVar("ANTHROPIC_DEFAULT_HAIKU_MODEL")
	if haiku.Value != "" {
		return haiku
	}
	if small := s.ClaudeVar("ANTHROPIC_SMALL_FAST_MODEL"); small.Set() {
		return small
	}
	return haiku
}

func (s *Snapshot) resolveCodex() (Tool, bool) {
	c := s.Codex
	if !c.Configured() {
		return Tool{}, false
	}
	prov := c.SelectedProvider()
	t := Tool{ID: gateway.Codex, Rule: rule(gateway.Codex), Label: "Codex CLI (provider " + prov.Value + ")", NeedsModel: true}
	t.Model = c.Model
	if c.ProfileModel.Set() {
		t.Model = c.ProfileModel
		if c.Model.Set() {
			t.Model.Overrides = []Value{c.Model}
		}
	}
	p, defined := c.Providers[prov.Value]
	cfg := c.ConfigPath
	envKey := "TAOTOKEN_API_KEY"
	if defined && p.EnvKey.Value != "" {
		envKey = p.EnvKey.Value
	}
	t.Places = Places{Source{File: cfg, Key: "model_providers." + prov.Value + ".base_url"}, Source{Key: envKey}, Source{File: cfg, Key: "model"}}
	if c.ProfileFound {
		t.Places.Model.Key = "profiles." + c.Profile.Value + ".model"
	}
	switch {
	case prov.Value == "openai":
		// Built in: config.toml's openai_base_url, else OPENAI_BASE_URL
		// (deprecated but still read), else OpenAI.
		t.Base = s.Shell("OPENAI_BASE_URL")
		if c.OpenAIBaseURL.Set() {
			shell := t.Base
			t.Base = c.OpenAIBaseURL
			if shell.Set() {
				t.Base.Overrides = []Value{shell}
			}
		}
		if !t.Base.Set() {
			t.Base = defaultValue(openaiDefault)
		}
		// The built-in provider takes its key from auth.json only: Codex
		// 0.171 sent no key at all with only OPENAI_API_KEY exported
		// (Codex.OpenAIProviderKey), so an exported one does not count.
		t.Key, t.KeyName = c.AuthKey, "auth.json OPENAI_API_KEY"
		if !t.Key.Set() && c.ChatGPT {
			t.NoKeyNeeded, t.KeyName = true, "ChatGPT sign-in (auth.json)"
		}
	case prov.Value == "ollama" || prov.Value == "lmstudio":
		port := map[string]string{"ollama": "11434", "lmstudio": "1234"}[prov.Value]
		t.Base, t.NoKeyNeeded, t.KeyName = defaultValue("http://localhost:"+port+"/v1"), true, "none"
	case !defined:
		if c.ConfigExists {
			s.addProblem(Problem{Tool: "codex", File: c.ConfigPath, Line: prov.Source.Line,
				Message: fmt.Sprintf("model_provider names %q, but no [model_providers.%s] table defines it: Codex refuses to start", prov.Value, prov.Value),
				Fix:     fmt.Sprintf("add [model_providers.%s] with base_url, env_key and wire_api = \"responses\" to %s, or run 'keydoctor setup --tools codex'", prov.Value, s.Env.Tilde(c.ConfigPath))})
		}
	default:
		t.Base = p.BaseURL
		switch {
		case p.BearerToken.Set():
			t.Key, t.KeyName = p.BearerToken, "experimental_bearer_token"
		case p.EnvKey.Set():
			t.Key, t.KeyName = s.Shell(p.EnvKey.Value), p.EnvKey.Value
		case p.RequiresOpenAIAuth:
			t.Key, t.KeyName = c.AuthKey, "auth.json OPENAI_API_KEY"
		}
		for _, v := range []Value{p.BearerToken, s.Shell(p.EnvKey.Value)} {
			if v.Set() {
				t.Credentials = append(t.Credentials, v)
			}
		}
		if p.RequiresOpenAIAuth && c.AuthKey.Set() {
			t.Credentials = append(t.Credentials, c.AuthKey)
		}
	}
	return t, true
}

func (s *Snapshot) resolveCline() (Tool, bool) {
	c := s.Cline
	en, ok := c.Active()
	if !ok {
		if c.LastUsed.Set() && len(c.Entries) > 0 {
			s.addProblem(Problem{Tool: "cline", File: c.ProvidersPath, Line: c.LastUsed.Source.Line,
				Message: fmt.Sprintf("lastUsedProvider is %q, but providers has no such entry", sanitize(c.LastUsed.Value)),
				Fix:     "run 'keydoctor setup --tools cline' to write a complete openai-compatible entry"})
		}
		return Tool{}, false
	}
	t := Tool{ID: gateway.Cline, Rule: rule(gateway.Cline), Label: "Cline CLI (provider " + en.ID + ")", NeedsModel: true,
		Base: en.BaseURL, Key: en.Key, Model: en.Model, KeyName: "apiKey"}
	pre := "providers." + en.ID + ".settings."
	t.Places = Places{Source{File: c.ProvidersPath, Key: pre + "baseUrl"}, Source{File: c.ProvidersPath, Key: pre + "apiKey"}, Source{File: c.ProvidersPath, Key: pre + "model"}}
	if en.Key.Set() {
		t.Credentials = []Value{en.Key}
		t.Auth = en.Auth()
	}
	return t, true
}

// family is a set of variables that together carry a triple.
type family struct {
	id               gateway.ToolID // whose URL rule applies
	base, key, model string
	altKey           string
}

func (s *Snapshot) families() []family {
	return []family{
		{id: gateway.DotEnv, base: s.Vars.BaseURL, key: s.Vars.Key, model: s.Vars.Model},
		{id: gateway.OpenAISDK, base: "OPENAI_BASE_URL", key: "OPENAI_API_KEY", model: "OPENAI_MODEL"},
		{id: gateway.AnthropicSDK, base: "ANTHROPIC_BASE_URL", key: "ANTHROPIC_API_KEY", altKey: "ANTHROPIC_AUTH_TOKEN", model: "ANTHROPIC_MODEL"},
	}
}

// resolveMCP turns each MCP server whose env carries a gateway triple into
// a tool instance. The URL rule follows the variables' family: the preset's
// variables carry the gateway root, OPENAI_BASE_URL carries /v1.
func (s *Snapshot) resolveMCP(id gateway.ToolID, where string, servers []MCPServer) []Tool {
	var out []Tool
	for _, srv := range servers {
		for _, f := range s.families() {
			base, hasBase := srv.Env[f.base]
			key, hasKey := srv.Env[f.key]
			if !hasKey && f.altKey != "" {
				key, hasKey = srv.Env[f.altKey]
			}
			if !hasBase && !hasKey {
				continue
			}
			t := Tool{ID: id, Rule: rule(f.id), Label: where + " MCP server " + srv.Name, Base: base, Key: key, KeyName: f.key}
			t.Model = srv.Env[f.model]
			pre := "mcpServers." + srv.Name + ".env."
			t.Places = Places{Source{File: srv.File, Key: pre + f.base}, Source{File: srv.File, Key: pre + f.key}, Source{File: srv.File, Key: pre + f.model}}
			if hasKey {
				t.Credentials = []Value{key}
			}
			out = append(out, t)
		}
	}
	return out
}

// resolveSDKs covers programs that read OPENAI_* / ANTHROPIC_* from the
// shell: only when a base URL is exported (a key alone means the vendor's
// own API, which keydoctor does not judge).
func (s *Snapshot) resolveSDKs() []Tool {
	var out []Tool
	for _, f := range s.families()[1:] {
		base := s.Shell(f.base)
		if !base.Set() {
			continue
		}
		r := rule(f.id)
		t := Tool{ID: f.id, Rule: r, Label: r.Title + " (shell)", Base: base, KeyName: f.key}
		t.Places = Places{Source{Key: f.base}, Source{Key: f.key}, Source{Key: f.model}}
		t.Key = s.Shell(f.key)
		if !t.Key.Set() && f.altKey != "" {
			t.Key, t.KeyName = s.Shell(f.altKey), f.altKey
		}
		for _, k := range []string{f.key, f.altKey} {
			if v := s.Shell(k); v.Set() {
				t.Credentials = append(t.Credentials, v)
			}
		}
		out = append(out, t)
	}
	return out
}
