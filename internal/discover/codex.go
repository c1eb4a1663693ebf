package discover

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tomlbound"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/pelletier/go-toml/v2"
)

// CodexProvider is one [model_providers.ID] table.
type CodexProvider struct {
	ID      string
	Line    int // line of the table header (or key)
	BaseURL Value
	EnvKey  Value
	WireAPI Value
	// BearerToken is experimental_bearer_token: a key written in the file.
	BearerToken        Value
	RequiresOpenAIAuth bool
	RequiresLine       int
	// Headers are http_headers (sent as written) and EnvHeaders
	// env_http_headers (the header gets the named variable's value, and is
	// left out when it is unset), by lower-cased header name.
	Headers, EnvHeaders map[string]Value
}

// Codex is what Codex CLI reads from $CODEX_HOME.
type Codex struct {
	ConfigPath, AuthPath     string
	ConfigExists, AuthExists bool
	// Top level of config.toml. Profile is a legacy `profile = "x"`
	// selector, which Codex 0.134 and later refuse to start with
	// (docs/tools.md): the [profiles.x] table it names is never applied.
	Model, Provider, Profile Value
	// OpenAIBaseURL is openai_base_url: the built-in openai provider's
	// base URL (it replaces the deprecated OPENAI_BASE_URL).
	OpenAIBaseURL Value
	// ProfileFound: a [profiles.NAME] table for Profile exists.
	ProfileFound bool
	Providers    map[string]*CodexProvider
	ProviderIDs  []string // sorted
	// AuthKey is auth.json's OPENAI_API_KEY; ChatGPT is true when auth.json
	// holds a ChatGPT sign-in (tokens) and Codex uses it rather than the
	// key (auth_mode, docs/tools.md); ChatGPTAt is where the sign-in is.
	AuthKey   Value
	ChatGPT   bool
	ChatGPTAt Source
	// Sends is the credential Codex sends to the selected custom
	// provider, as resolution found it (see CodexSends).
	Sends CodexSends
	lines map[string]int
}

// codexID names Codex in problems and paths.
const codexID = string(gateway.Codex)

func (s *Snapshot) readCodex(tool.Tool) {
	c := &s.Codex
	c.ConfigPath, c.AuthPath = tool.CodexConfig(s.Env), tool.CodexAuth(s.Env)
	c.Providers = map[string]*CodexProvider{}
	s.notePath(c.ConfigPath, codexID)
	s.notePath(c.AuthPath, codexID)
	if b, ok, err := readFile(c.ConfigPath); ok {
		c.ConfigExists = true
		if err != nil {
			s.addProblem(unreadable(codexID, c.ConfigPath, err))
		} else {
			s.parseCodexConfig(b)
		}
	}
	doc, prob := loadJSON(codexID, c.AuthPath)
	if prob != nil {
		c.AuthExists = true
		s.addProblem(*prob)
	}
	if doc != nil {
		c.AuthExists = true
		if v, ok, prob := doc.str(codexID, tool.CodexAuthKey, tool.CodexAuthKey); ok {
			c.AuthKey = v
		} else if prob != nil {
			s.addProblem(*prob)
		}
		tokens := doc.get(tool.CodexAuthTokens)
		mode := doc.get(tool.CodexAuthMode).String()
		c.ChatGPT = tokens.IsObject() && (mode == "chatgpt" || mode == "chatgptAuthTokens" || (mode == "" && !c.AuthKey.Set()))
		if c.ChatGPT {
			c.ChatGPTAt = doc.source(tokens, tool.CodexAuthTokens)
			// auth_mode "chatgpt" ignores a key in the same file.
			c.AuthKey = Value{}
		}
	}
}

func (s *Snapshot) parseCodexConfig(b []byte) {
	c := &s.Codex
	var doc map[string]any
	var be *tomlbound.Error
	if errors.As(tomlbound.Check(b), &be) { // before the decoder, quadratic in keys
		s.addProblem(Problem{Tool: codexID, File: c.ConfigPath, Unusable: true, Line: be.Line, Col: be.Col, Message: "cannot read it: " + be.Msg()})
		return
	}
	if err := unmarshalTOML(b, &doc); err != nil {
		p := Problem{Tool: codexID, File: c.ConfigPath, Unusable: true, Message: "not valid TOML: " + err.Error()}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			p.Line, p.Col = de.Position()
			p.Message = "not valid TOML: " + human.HideWords(de.Error(), de.Key()...)
		}
		s.addProblem(p)
		return
	}
	c.lines = tomlLines(b)
	c.Model = s.codexStr(doc, tool.CodexModel)
	c.Provider = s.codexStr(doc, tool.CodexProvider)
	c.Profile = s.codexStr(doc, tool.CodexProfile)
	c.OpenAIBaseURL = s.codexStr(doc, tool.CodexOpenAIBase)
	if c.Profile.Value != "" {
		_, c.ProfileFound = table(doc, tool.CodexProfiles, c.Profile.Value)
	}
	if mp, ok := doc[tool.CodexProviders].(map[string]any); ok {
		for id, raw := range mp {
			if t, ok := raw.(map[string]any); ok {
				c.Providers[id] = s.codexProvider(id, t)
				c.ProviderIDs = append(c.ProviderIDs, id)
			}
		}
		sort.Strings(c.ProviderIDs)
	}
}

// codexProvider reads one [model_providers.ID] table.
func (s *Snapshot) codexProvider(id string, t map[string]any) *CodexProvider {
	c, mp := &s.Codex, tool.CodexProviders
	p := &CodexProvider{ID: id, Line: c.lines[tomlPath(mp, id)]}
	p.BaseURL = s.codexStr(t, mp, id, tool.CodexBaseURL)
	p.EnvKey = s.codexStr(t, mp, id, tool.CodexEnvKey)
	p.WireAPI = s.codexStr(t, mp, id, tool.CodexWireAPI)
	p.BearerToken = s.codexStr(t, mp, id, tool.CodexBearerToken)
	if v, ok := t[tool.CodexRequiresAuth].(bool); ok && v {
		p.RequiresOpenAIAuth = true
		p.RequiresLine = c.lines[tomlPath(mp, id, tool.CodexRequiresAuth)]
	}
	p.Headers = s.codexHeaders(t, id, tool.CodexHeaders)
	p.EnvHeaders = s.codexHeaders(t, id, tool.CodexEnvHeaders)
	return p
}

// codexHeaders reads a provider's header table (http_headers or
// env_http_headers, inline or a sub-table), by lower-cased header name.
func (s *Snapshot) codexHeaders(t map[string]any, id, key string) map[string]Value {
	h, ok := t[key].(map[string]any)
	if !ok {
		return nil
	}
	out := map[string]Value{}
	for name := range h {
		if v := s.codexStr(h, tool.CodexProviders, id, key, name); v.Set() {
			out[strings.ToLower(name)] = v
		}
	}
	return out
}

// codexStr reads a string key of table t whose full path is path (the
// last element being the key). Other types are problems: Codex refuses
// to load such a config.
func (s *Snapshot) codexStr(t map[string]any, path ...string) Value {
	key := path[len(path)-1]
	raw, ok := t[key]
	if !ok {
		return Value{}
	}
	line := s.Codex.lines[tomlPath(path...)]
	dotted := dottedKey(path)
	str, ok := raw.(string)
	if !ok {
		s.addProblem(Problem{Tool: codexID, File: s.Codex.ConfigPath, Line: line,
			Message: fmt.Sprintf("%s must be a string, not %T", dotted, raw)})
		return Value{}
	}
	return Value{Value: str, Source: Source{File: s.Codex.ConfigPath, Line: line, Key: dotted}}
}

// unmarshalTOML is toml.Unmarshal that turns a decoder panic into an
// error: a user's broken file must be a problem, not a crash. go-toml
// v2.2.4 panicked on "[model.0]"; v2.4.3 (required in go.mod) does not,
// and FuzzCodexConfig keeps that input in its corpus.
func unmarshalTOML(b []byte, v any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the TOML decoder failed: %v", p)
		}
	}()
	return toml.Unmarshal(b, v)
}

func table(doc map[string]any, path ...string) (map[string]any, bool) {
	cur := doc
	for _, p := range path {
		next, ok := cur[p].(map[string]any)
		if !ok {
			return nil, false
		}
		cur = next
	}
	return cur, true
}

func dottedKey(path []string) string {
	out := ""
	for i, p := range path {
		if i > 0 {
			out += "."
		}
		out += p
	}
	return out
}

// Configured reports whether Codex has a config.toml: an auth.json alone
// is a sign-in to OpenAI, not a gateway configuration.
func (c Codex) Configured() bool { return c.ConfigExists }

// OpenAIProviderKey is the key Codex's built-in openai provider sends:
// auth.json's OPENAI_API_KEY (codex login --with-api-key) and nothing
// else. Codex 0.171 sent no key at all with only OPENAI_API_KEY exported.
func (c Codex) OpenAIProviderKey() Value { return c.AuthKey }

// SelectedProvider is the effective model_provider: the top level's, else
// Codex's default "openai". A legacy profile's is never used: Codex
// refuses the selector and ignores the table (docs/tools.md).
func (c Codex) SelectedProvider() Value {
	if c.Provider.Set() {
		return c.Provider
	}
	return Value{Value: tool.CodexDefaultProvider, Source: Source{Default: true}}
}
