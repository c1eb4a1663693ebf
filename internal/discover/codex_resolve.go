package discover

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tools"
)

// codexAuthKeyName names auth.json's key as a key source.
const codexAuthKeyName = "auth.json " + tools.CodexAuthKey

func (s *Snapshot) resolveCodex(tools.Tool) []Tool {
	c := s.Codex
	if !c.Configured() {
		if c.ChatGPT {
			s.Elsewhere = append(s.Elsewhere, s.codexLogin(Tool{ID: gateway.Codex, Rule: tools.Wire(gateway.Codex), Label: "Codex CLI"}))
		}
		return nil
	}
	prov := c.SelectedProvider()
	t := Tool{ID: gateway.Codex, Rule: tools.Wire(gateway.Codex), Label: "Codex CLI (provider " + prov.Value + ")", NeedsModel: true}
	t.Model = c.Model
	if c.ProfileModel.Set() {
		t.Model = c.ProfileModel
		if c.Model.Set() {
			t.Model.Overrides = []Value{c.Model}
		}
	}
	p, defined := c.Providers[prov.Value]
	s.codexPlaces(&t, prov.Value, p)
	builtIn, reserved := tools.CodexReservedID(prov.Value)
	switch {
	case prov.Value == tools.CodexDefaultProvider:
		s.codexOpenAI(&t)
		if c.ChatGPT {
			t = s.codexLogin(t)
			if !t.Base.Configured() {
				s.Elsewhere = append(s.Elsewhere, t)
				return nil
			}
		}
	case reserved:
		t.Base, t.NoKeyNeeded, t.KeyName = defaultValue(builtIn.Base), builtIn.NoKey, "none"
	case !defined:
		if c.ConfigExists {
			s.addProblem(Problem{Tool: codexID, File: c.ConfigPath, Line: prov.Source.Line,
				Message: fmt.Sprintf("model_provider names %q, but no [model_providers.%s] table defines it: Codex refuses to start", prov.Value, prov.Value),
				Edit:    fmt.Sprintf("add [model_providers.%s] with base_url, env_key and wire_api = \"responses\" to %s", prov.Value, s.Env.Tilde(c.ConfigPath)),
				Setup:   true})
		}
	default:
		s.codexCustom(&t, p)
	}
	return []Tool{t}
}

// codexPlaces are where Codex's triple is set: the provider's base_url,
// the variable its env_key names (the preset's key variable when it names
// none), the model of the selected profile or the top level.
func (s *Snapshot) codexPlaces(t *Tool, id string, p *CodexProvider) {
	cfg := s.Codex.ConfigPath
	envKey := s.Vars.Key
	if p != nil && p.EnvKey.Value != "" {
		envKey = p.EnvKey.Value
	}
	base := tools.CodexProviders + "." + id + "." + tools.CodexBaseURL
	t.Places = Places{Source{File: cfg, Key: base}, Source{Key: envKey}, Source{File: cfg, Key: tools.CodexModel}}
	if s.Codex.ProfileFound {
		t.Places.Model.Key = tools.CodexProfiles + "." + s.Codex.Profile.Value + "." + tools.CodexModel
	}
}

// codexOpenAI resolves the built-in openai provider: config.toml's
// openai_base_url, else OPENAI_BASE_URL (deprecated but still read), else
// OpenAI; the key from auth.json only.
func (s *Snapshot) codexOpenAI(t *Tool) {
	c := s.Codex
	t.Base = s.Shell(tools.OpenAIBaseURL)
	if c.OpenAIBaseURL.Set() {
		shell := t.Base
		t.Base = c.OpenAIBaseURL
		if shell.Set() {
			t.Base.Overrides = []Value{shell}
		}
	}
	if !t.Base.Set() {
		t.Base = defaultValue(tools.OpenAIDefaultBase)
	}
	// Codex 0.171 sent no key at all with only OPENAI_API_KEY exported
	// (Codex.OpenAIProviderKey), so an exported one does not count.
	t.Key, t.KeyName = c.AuthKey, codexAuthKeyName
	if !t.Key.Set() && c.ChatGPT {
		t.NoKeyNeeded, t.KeyName = true, "ChatGPT sign-in (auth.json)"
	}
}

// codexCustom resolves a [model_providers.ID] table: a bearer token in the
// file, else the variable env_key names, else auth.json.
func (s *Snapshot) codexCustom(t *Tool, p *CodexProvider) {
	c := s.Codex
	t.Base = p.BaseURL
	switch {
	case p.BearerToken.Set():
		t.Key, t.KeyName = p.BearerToken, tools.CodexBearerToken
	case p.EnvKey.Set():
		t.Key, t.KeyName, t.KeyVar = s.Shell(p.EnvKey.Value), p.EnvKey.Value, p.EnvKey
	case p.RequiresOpenAIAuth:
		t.Key, t.KeyName = c.AuthKey, codexAuthKeyName
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

// codexLogin is Codex on its built-in provider with a ChatGPT sign-in:
// its requests go to ChatGPT's backend with the sign-in's tokens, not to a
// gateway.
func (s *Snapshot) codexLogin(t Tool) Tool {
	t.Route = Route{Kind: RouteLogin, Name: "chatgpt", Title: "ChatGPT login", Switch: Value{Source: s.Codex.ChatGPTAt}}
	if !t.Base.Set() {
		t.Base = defaultValue(tools.OpenAIDefaultBase)
	}
	t.NoKeyNeeded, t.KeyName = true, "ChatGPT sign-in (auth.json)"
	return t
}
