package claude

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
)

// Resolve is Claude Code's triple when a settings file configures
// it or a provider switch is on. A tool that deliberately takes a cloud
// provider or its login, with no gateway base URL, goes to Elsewhere:
// nothing of the gateway's applies to it.
func (impl) Resolve(s *discover.Snapshot, _ tool.Tool) []discover.Tool {
	t := claudeTool(s)
	switch {
	case !t.Route.Gateway() && !t.Base.Configured():
		s.Elsewhere = append(s.Elsewhere, t)
		return nil
	case !StateOf(s).Configured() && t.Route.Gateway() && !t.Login.Set():
		// An exported ANTHROPIC_BASE_URL beside a subscription login is
		// judged: the login's token goes there.
		return nil
	}
	return []discover.Tool{t}
}

// Own is Claude Code's triple even when no settings file configures it:
// it then reads ANTHROPIC_* from the shell.
func (impl) Own(s *discover.Snapshot, _ tool.Tool) (discover.Tool, bool) { return claudeTool(s), true }

// ResolveKeyAuth is the header Claude Code and the Anthropic SDKs send a
// key in, by its variable's name (KeyAuth).
func (impl) ResolveKeyAuth(keyName string) (gateway.Auth, bool) { return KeyAuth(keyName) }

// claudeTool resolves Claude Code's triple from its settings and the
// shell, whether or not a settings file configures it.
func claudeTool(s *discover.Snapshot) discover.Tool {
	c := StateOf(s)
	t := discover.Tool{ID: ID, Rule: tool.Wire(ID), Label: "Claude Code", NeedsModel: true}
	user, env := c.Layers[0].Path, Env+"."
	t.Places = discover.Places{Base: discover.Source{File: user, Key: env + anthropic.BaseURL}, Key: discover.Source{File: user, Key: env + anthropic.AuthToken}, Model: discover.Source{File: user, Key: env + anthropic.Model}}
	t.Base = Var(s, anthropic.BaseURL)
	if !t.Base.Set() {
		t.Base = discover.DefaultValue(anthropic.DefaultBase)
	}
	claudeKey(s, &t)
	headers := Var(s, CustomHeaders)
	t.Headers = discover.HeaderLines(headers)
	t.HeadersAt = discover.Source{File: user, Key: env + CustomHeaders}
	if headers.Set() {
		t.HeadersAt = headers.Source
	}
	t.Model, t.ModelAlias = claudeModel(s)
	t.BackgroundModel = claudeBackgroundModel(s)
	t.BackgroundBuiltin = discover.DefaultValue(BackgroundDefaults.Value("")) // the newest; AtVersion picks the installed version's
	t.Route = claudeRoute(s, t)
	if t.Key.Set() {
		t.Auth = discover.AuthFor(t.KeyName, t.Rule)
	}
	// With a base URL and no key, Claude Code sends its subscription
	// login's token there as Bearer (✓ 2.1.197, docs/tools.md).
	if t.Route.Gateway() && t.Base.Configured() && !t.Key.Set() {
		t.Login = claudeLogin(s)
	}
	// The request's header line, where Auth alone would not say it.
	switch {
	case t.KeyCommand || t.Helper.Set():
		t.Header = "Authorization: Bearer + x-api-key"
	case t.Login.Set():
		t.Header = "Authorization: Bearer (the subscription login's token)"
	}
	return t
}

// claudeModel is the model a turn asks for and the alias it came from:
// ANTHROPIC_MODEL beats the settings' "model" key (highest layer first),
// nothing set means the default alias, and an alias resolves through its
// ANTHROPIC_DEFAULT_*_MODEL variable, else to the built-in id (a
// Source.Default value).
func claudeModel(s *discover.Snapshot) (model, alias discover.Value) {
	var models []discover.Value
	if v := Var(s, anthropic.Model); v.Value != "" {
		models = append(models, v)
		models = append(models, v.Overrides...)
	}
	for i := len(StateOf(s).Layers) - 1; i >= 0; i-- {
		if m := StateOf(s).Layers[i].Model; m.Value != "" {
			models = append(models, m)
		}
	}
	if len(models) > 0 {
		model = models[0]
		model.Overrides = models[1:]
	} else {
		model = discover.DefaultValue(DefaultAlias)
	}
	a, ok := AliasOf(model.Value)
	if !ok {
		return model, discover.Value{}
	}
	if v := Var(s, a.Var); v.Value != "" {
		return v, model
	}
	return discover.DefaultValue(a.Builtin), model
}

// claudeKey is the key Claude Code sends: ANTHROPIC_AUTH_TOKEN, else
// ANTHROPIC_API_KEY, else apiKeyHelper's output, else a stored Console key.
func claudeKey(s *discover.Snapshot, t *discover.Tool) {
	c := StateOf(s)
	token := Var(s, anthropic.AuthToken)
	apiKey := Var(s, anthropic.APIKey)
	switch {
	case token.Set():
		t.Key, t.KeyName = token, anthropic.AuthToken
	case apiKey.Set():
		t.Key, t.KeyName = apiKey, anthropic.APIKey
	default:
		if h := c.keyHelper(); h.Set() {
			t.Key, t.KeyName, t.KeyCommand = h, KeyHelper, true
		}
		if !t.Key.Set() && c.PrimaryAPIKey.Set() {
			t.Key, t.KeyName = c.PrimaryAPIKey, PrimaryKey
		}
	}
	// Beside a key variable the helper's key is sent too, in the other
	// header: Bearer stays the token, x-api-key goes to the helper; beside
	// ANTHROPIC_API_KEY the helper takes Bearer (✓ 2.1.197).
	if t.KeyName != KeyHelper && t.Key.Value != "" {
		t.Helper = c.keyHelper()
	}
	// An empty value sends nothing: "ANTHROPIC_API_KEY": "" beside the
	// token only masks a key exported in the shell (docs/tools.md).
	for _, v := range []discover.Value{token, apiKey} {
		if v.Set() && v.Value != "" {
			t.Credentials = append(t.Credentials, v)
		}
	}
}

// keyHelper is the apiKeyHelper of the highest layer that sets one.
func (c State) keyHelper() discover.Value {
	for i := len(c.Layers) - 1; i >= 0; i-- {
		if h := c.Layers[i].APIKeyHelper; h.Set() {
			return discover.Value{Source: h.Source}
		}
	}
	return discover.Value{}
}

// claudeBackgroundModel is ANTHROPIC_DEFAULT_HAIKU_MODEL, or when that is
// unset or empty the older ANTHROPIC_SMALL_FAST_MODEL: Claude Code takes
// the first non-empty one.
func claudeBackgroundModel(s *discover.Snapshot) discover.Value {
	haiku := Var(s, BackgroundModel)
	if haiku.Value != "" {
		return haiku
	}
	if small := Var(s, LegacyBackgroundModel); small.Set() {
		return small
	}
	return haiku
}

// Var is one variable as Claude Code sees it: the highest settings layer
// that sets it, else the shell, with what it shadows.
func Var(s *discover.Snapshot, name string) discover.Value {
	return StateOf(s).lookup(name, s.Shell(name))
}
