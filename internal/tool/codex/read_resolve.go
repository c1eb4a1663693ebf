package codex

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool/openai"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// codexAuthKeyName names auth.json's key as a key source.
const codexAuthKeyName = "auth.json " + AuthKey

// Resolve is Codex's triple: that of the selected provider, when a
// config.toml exists; a ChatGPT sign-in on the built-in provider goes to
// Elsewhere.
func (impl) Resolve(s *discover.Snapshot, _ tool.Tool) []discover.Tool {
	c := StateOf(s)
	if !c.Configured() {
		if c.ChatGPT {
			s.Elsewhere = append(s.Elsewhere, codexLogin(s, discover.Tool{ID: ID, Rule: tool.Wire(ID), Label: "Codex CLI"}))
		}
		return nil
	}
	prov := c.SelectedProvider()
	t := discover.Tool{ID: ID, Rule: tool.Wire(ID), Label: "Codex CLI (provider " + prov.Value + ")", NeedsModel: true}
	t.Model = c.Model
	p, defined := c.Providers[prov.Value]
	codexPlaces(s, &t, prov.Value, p)
	builtIn, reserved := ReservedID(prov.Value)
	switch {
	case prov.Value == DefaultProvider:
		codexOpenAI(s, &t)
		if c.ChatGPT {
			t = codexLogin(s, t)
			if !t.Base.Configured() {
				s.Elsewhere = append(s.Elsewhere, t)
				return nil
			}
		}
	case reserved:
		t.Base, t.NoKeyNeeded, t.KeyName = discover.DefaultValue(builtIn.Base), builtIn.NoKey, "none"
	case !defined:
		if c.ConfigExists {
			s.AddProblem(discover.Problem{Tool: codexID, File: c.ConfigPath, Line: prov.Source.Line,
				Message: fmt.Sprintf("model_provider names %q, but no [model_providers.%s] table defines it: Codex refuses to start", prov.Value, prov.Value),
				Edit:    fmt.Sprintf("add [model_providers.%s] with base_url, env_key and wire_api = \"responses\" to %s", prov.Value, s.Env.Tilde(c.ConfigPath)),
				Setup:   true})
		}
	default:
		codexCustom(s, &t, p)
	}
	return []discover.Tool{t}
}

// codexPlaces are where Codex's triple is set: the provider's base_url,
// the variable its env_key names (the preset's key variable when it names
// none), the model of the selected profile or the top level.
func codexPlaces(s *discover.Snapshot, t *discover.Tool, id string, p *Provider) {
	cfg := StateOf(s).ConfigPath
	envKey := s.Vars.Key
	if p != nil && p.EnvKey.Value != "" {
		envKey = p.EnvKey.Value
	}
	base := Providers + "." + id + "." + BaseURL
	t.Places = discover.Places{Base: discover.Source{File: cfg, Key: base}, Key: discover.Source{Key: envKey}, Model: discover.Source{File: cfg, Key: Model}}
}

// codexOpenAI resolves the built-in openai provider: config.toml's
// openai_base_url, else OPENAI_BASE_URL (deprecated but still read), else
// OpenAI; the key from auth.json only.
func codexOpenAI(s *discover.Snapshot, t *discover.Tool) {
	c := StateOf(s)
	t.Base = s.Shell(openai.BaseURL)
	if c.OpenAIBaseURL.Set() {
		shell := t.Base
		t.Base = c.OpenAIBaseURL
		if shell.Set() {
			t.Base.Overrides = []discover.Value{shell}
		}
	}
	if !t.Base.Set() {
		t.Base = discover.DefaultValue(openai.DefaultBase)
	}
	// Codex 0.171 sent no key at all with only OPENAI_API_KEY exported
	// (State.OpenAIProviderKey), so an exported one does not count.
	t.Key, t.KeyName = c.AuthKey, codexAuthKeyName
	if !t.Key.Set() && c.ChatGPT {
		t.NoKeyNeeded, t.KeyName = true, "ChatGPT sign-in (auth.json)"
	}
}

// Sends names the credential Codex sends to a custom provider.
// Codex 0.171 takes the first of (docs/tools.md): env_key's variable (an
// unset one stops it before any request), experimental_bearer_token,
// auth.json when requires_openai_auth = true (the ChatGPT sign-in's
// token when auth_mode says so), an Authorization header of http_headers
// or env_http_headers. An x-api-key header goes along with whichever.
type Sends string

const (
	SendsNothing Sends = ""
	SendsEnvKey  Sends = "env_key"
	SendsBearer  Sends = BearerToken
	SendsAuthKey Sends = "auth.json"
	// SendsLogin: the ChatGPT sign-in's access token (and account
	// id) go to the gateway, a credential meant for OpenAI only.
	SendsLogin  Sends = "chatgpt"
	SendsHeader Sends = "header"
)

// LoginKeyName names the ChatGPT sign-in as the credential sent.
const LoginKeyName = "ChatGPT sign-in (auth.json tokens)"

// codexCustom resolves a [model_providers.ID] table: the credential Codex
// sends (Sends) and the header it goes in.
func codexCustom(s *discover.Snapshot, t *discover.Tool, p *Provider) {
	c := StateOf(s)
	defer func() {
		t.Headers = codexSent(s, p)
		t.HeadersAt = discover.Source{File: c.ConfigPath, Line: p.Line, Key: "model_providers." + p.ID + "." + Headers}
	}()
	t.Base, t.Auth = p.BaseURL, gateway.AuthBearer
	switch {
	case p.EnvKey.Set():
		t.Key, t.KeyName, t.KeyVar = s.Shell(p.EnvKey.Value), p.EnvKey.Value, p.EnvKey
		if t.Key.Set() {
			c.Sends = SendsEnvKey
		}
	case p.BearerToken.Set():
		t.Key, t.KeyName, c.Sends = p.BearerToken, BearerToken, SendsBearer
	case p.RequiresOpenAIAuth && c.ChatGPT:
		t.KeyName, c.Sends = LoginKeyName, SendsLogin
		t.Header = "Authorization: Bearer, the ChatGPT sign-in's token"
	case p.RequiresOpenAIAuth && c.AuthKey.Set():
		t.Key, t.KeyName, c.Sends = c.AuthKey, codexAuthKeyName, SendsAuthKey
	default:
		if v, name, ok := codexHeader(s, t, p, "authorization"); ok {
			t.Key, t.KeyName, c.Sends = v, name, SendsHeader
			// A value without "Bearer " is still the Authorization
			// header's credential; doctor's probe sends it as Bearer.
			if rest, bearer := cutFold(v.Value, "bearer "); bearer {
				t.Key.Value = strings.TrimSpace(rest)
			}
		}
	}
	if t.Key.Set() {
		t.Credentials = append(t.Credentials, t.Key)
	}
	if v, name, ok := codexHeader(s, t, p, "x-api-key"); ok && c.Sends != SendsLogin && (p.EnvKey.Value == "" || c.Sends != "") {
		if !t.Key.Set() {
			t.Key, t.KeyName, t.Auth, c.Sends = v, name, gateway.AuthXAPIKey, SendsHeader
		}
		t.Credentials = appendNew(t.Credentials, v)
	}
}

// codexHeader is the value Codex sends in header name from http_headers,
// else from env_http_headers' variable when it is set (an unset one sends
// nothing). With none, an env_http_headers entry still says where the key
// belongs (t.Places.Key).
func codexHeader(s *discover.Snapshot, t *discover.Tool, p *Provider, name string) (discover.Value, string, bool) {
	if v, ok := p.Headers[name]; ok {
		return v, v.Source.Key, true
	}
	ref, ok := p.EnvHeaders[name]
	if !ok {
		return discover.Value{}, "", false
	}
	if t.KeyName == "" {
		t.Places.Key = discover.Source{Key: ref.Value}
	}
	v := s.Shell(ref.Value)
	return v, ref.Value, v.Set()
}

// codexSent are the provider's other headers Codex sends with each
// request: http_headers as written, env_http_headers with their
// variable's value when it is set (an unset one sends nothing), by name;
// Authorization and x-api-key are the key's, which codexCustom placed.
func codexSent(s *discover.Snapshot, p *Provider) []discover.Header {
	var out []discover.Header
	for _, name := range slices.Sorted(maps.Keys(p.Headers)) {
		if name != "authorization" && name != "x-api-key" {
			out = append(out, discover.Header{Name: name, Value: p.Headers[name]})
		}
	}
	for _, name := range slices.Sorted(maps.Keys(p.EnvHeaders)) {
		if _, written := p.Headers[name]; written || name == "authorization" || name == "x-api-key" {
			continue
		}
		if v := s.Shell(p.EnvHeaders[name].Value); v.Set() {
			out = append(out, discover.Header{Name: name, Value: v})
		}
	}
	return out
}

// cutFold is strings.CutPrefix ignoring case.
func cutFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

func appendNew(vs []discover.Value, v discover.Value) []discover.Value {
	for _, o := range vs {
		if o.Value == v.Value {
			return vs
		}
	}
	return append(vs, v)
}

// codexLogin is Codex on its built-in provider with a ChatGPT sign-in:
// its requests go to ChatGPT's backend with the sign-in's tokens, not to a
// gateway.
func codexLogin(s *discover.Snapshot, t discover.Tool) discover.Tool {
	t.Route = discover.Route{Kind: discover.RouteLogin, Name: "chatgpt", Title: "ChatGPT login", Switch: discover.Value{Source: StateOf(s).ChatGPTAt}}
	if !t.Base.Set() {
		t.Base = discover.DefaultValue(openai.DefaultBase)
	}
	t.NoKeyNeeded, t.KeyName = true, "ChatGPT sign-in (auth.json)"
	return t
}
