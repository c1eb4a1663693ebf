package codex

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"

	"github.com/keydoctor/keydoctor/internal/format/tomlbound"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/pelletier/go-toml/v2"
)

// Provider is one [model_providers.ID] table.
type Provider struct {
	ID      string
	Line    int // line of the table header (or key)
	BaseURL discover.Value
	EnvKey  discover.Value
	WireAPI discover.Value
	// BearerToken is experimental_bearer_token: a key written in the file.
	BearerToken        discover.Value
	RequiresOpenAIAuth bool
	RequiresLine       int
	// Headers are http_headers (sent as written) and EnvHeaders
	// env_http_headers (the header gets the named variable's value, and is
	// left out when it is unset), by lower-cased header name.
	Headers, EnvHeaders map[string]discover.Value
}

// State is what Codex CLI reads from $CODEX_HOME (StateOf).
type State struct {
	ConfigPath, AuthPath     string
	ConfigExists, AuthExists bool
	// Top level of config.toml. Profile is a legacy `profile = "x"`
	// selector, which Codex 0.134 and later refuse to start with
	// (docs/tools.md): the [profiles.x] table it names is never applied.
	Model, Provider, Profile discover.Value
	// OpenAIBaseURL is openai_base_url: the built-in openai provider's
	// base URL (it replaces the deprecated OPENAI_BASE_URL).
	OpenAIBaseURL discover.Value
	// ConfigBOM: config.toml starts with a UTF-8 byte order mark (read
	// past it: whether Codex does is its version's, Facts.ReadsBOM).
	ConfigBOM bool
	// ProfileFound: a [profiles.NAME] table for Profile exists.
	ProfileFound bool
	Providers    map[string]*Provider
	ProviderIDs  []string // sorted
	// AuthKey is auth.json's OPENAI_API_KEY; ChatGPT is true when auth.json
	// holds a ChatGPT sign-in (tokens) and Codex uses it rather than the
	// key (auth_mode, docs/tools.md); ChatGPTAt is where the sign-in is.
	AuthKey   discover.Value
	ChatGPT   bool
	ChatGPTAt discover.Source
	// Sends is the credential Codex sends to the selected custom
	// provider, as resolution found it (see Sends).
	Sends Sends
	lines map[string]int
}

// codexID names Codex in problems and paths.
const codexID = string(ID)

// StateOf is what discovery read of Codex's files into s (empty when it
// did not read them).
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads config.toml and auth.json.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	c := &State{}
	s.SetState(t.ID, c)
	c.ConfigPath, c.AuthPath = Config(s.Env), Auth(s.Env)
	c.Providers = map[string]*Provider{}
	s.NotePath(c.ConfigPath, codexID)
	s.NotePath(c.AuthPath, codexID)
	if b, ok, err := discover.ReadFile(c.ConfigPath); ok {
		c.ConfigExists = true
		if err != nil {
			s.AddProblem(discover.Unreadable(codexID, c.ConfigPath, err))
		} else {
			// A UTF-8 byte order mark is blanked, so lines and columns
			// stay the file's: the reader runs before the version is
			// known, so it reads the file as the versions observed do
			// (0.171.0 ✓) and the check judges the mark by the version
			// installed (Facts.ReadsBOM).
			if rest, bom := bytes.CutPrefix(b, []byte("\xef\xbb\xbf")); bom {
				b, c.ConfigBOM = append([]byte("   "), rest...), true
			}
			parseCodexConfig(s, b)
		}
	}
	doc, prob := discover.LoadJSON(codexID, c.AuthPath, false)
	if prob != nil {
		c.AuthExists = true
		s.AddProblem(*prob)
	}
	if doc != nil {
		c.AuthExists = true
		if v, ok, prob := doc.Str(codexID, AuthKey, AuthKey); ok {
			c.AuthKey = v
		} else if prob != nil {
			s.AddProblem(*prob)
		}
		tokens := doc.Get(AuthTokens)
		mode := doc.Get(AuthMode).String()
		c.ChatGPT = tokens.IsObject() && (mode == "chatgpt" || mode == "chatgptAuthTokens" || (mode == "" && !c.AuthKey.Set()))
		if c.ChatGPT {
			c.ChatGPTAt = doc.Source(tokens, AuthTokens)
			// auth_mode "chatgpt" ignores a key in the same file.
			c.AuthKey = discover.Value{}
		}
	}
	// A key the selected provider does not send is a secret all the same.
	s.AddStored(t.ID, c.AuthKey)
}

func parseCodexConfig(s *discover.Snapshot, b []byte) {
	c := StateOf(s)
	var doc map[string]any
	var be *tomlbound.Error
	if errors.As(tomlbound.Check(b), &be) { // before the decoder, quadratic in keys
		s.AddProblem(discover.Problem{Tool: codexID, File: c.ConfigPath, Unusable: true, Line: be.Line, Col: be.Col, Message: "cannot read it: " + be.Msg()})
		return
	}
	if err := discover.UnmarshalTOML(b, &doc); err != nil {
		p := discover.Problem{Tool: codexID, File: c.ConfigPath, Unusable: true, Message: "not valid TOML: " + err.Error()}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			p.Line, p.Col = de.Position()
			p.Message = "not valid TOML: " + human.HideWords(de.Error(), de.Key()...)
		}
		s.AddProblem(p)
		return
	}
	c.lines = discover.TOMLLines(b)
	c.Model = codexStr(s, doc, Model)
	c.Provider = codexStr(s, doc, ProviderKey)
	c.Profile = codexStr(s, doc, Profile)
	c.OpenAIBaseURL = codexStr(s, doc, OpenAIBase)
	if c.Profile.Value != "" {
		_, c.ProfileFound = table(doc, Profiles, c.Profile.Value)
	}
	if mp, ok := doc[Providers].(map[string]any); ok {
		for id, raw := range mp {
			if t, ok := raw.(map[string]any); ok {
				c.Providers[id] = codexProvider(s, id, t)
				c.ProviderIDs = append(c.ProviderIDs, id)
			}
		}
		sort.Strings(c.ProviderIDs)
	}
}

// codexProvider reads one [model_providers.ID] table.
func codexProvider(s *discover.Snapshot, id string, t map[string]any) *Provider {
	c, mp := StateOf(s), Providers
	p := &Provider{ID: id, Line: c.lines[discover.TOMLPath(mp, id)]}
	p.BaseURL = codexStr(s, t, mp, id, BaseURL)
	p.EnvKey = codexStr(s, t, mp, id, EnvKey)
	p.WireAPI = codexStr(s, t, mp, id, WireAPI)
	p.BearerToken = codexStr(s, t, mp, id, BearerToken)
	if v, ok := t[RequiresAuth].(bool); ok && v {
		p.RequiresOpenAIAuth = true
		p.RequiresLine = c.lines[discover.TOMLPath(mp, id, RequiresAuth)]
	}
	p.Headers = codexHeaders(s, t, id, Headers)
	p.EnvHeaders = codexHeaders(s, t, id, EnvHeaders)
	return p
}

// codexHeaders reads a provider's header table (http_headers or
// env_http_headers, inline or a sub-table), by lower-cased header name.
func codexHeaders(s *discover.Snapshot, t map[string]any, id, key string) map[string]discover.Value {
	h, ok := t[key].(map[string]any)
	if !ok {
		return nil
	}
	out := map[string]discover.Value{}
	for name := range h {
		if v := codexStr(s, h, Providers, id, key, name); v.Set() {
			out[strings.ToLower(name)] = v
		}
	}
	return out
}

// codexStr reads a string key of table t whose full path is path (the
// last element being the key). Other types are problems: Codex refuses
// to load such a config.
func codexStr(s *discover.Snapshot, t map[string]any, path ...string) discover.Value {
	key := path[len(path)-1]
	raw, ok := t[key]
	if !ok {
		return discover.Value{}
	}
	line := StateOf(s).lines[discover.TOMLPath(path...)]
	dotted := dottedKey(path)
	str, ok := raw.(string)
	if !ok {
		s.AddProblem(discover.Problem{Tool: codexID, File: StateOf(s).ConfigPath, Line: line,
			Message: fmt.Sprintf("%s must be a string, not %T", dotted, raw)})
		return discover.Value{}
	}
	return discover.Value{Value: str, Source: discover.Source{File: StateOf(s).ConfigPath, Line: line, Key: dotted}}
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
func (c State) Configured() bool { return c.ConfigExists }

// OpenAIProviderKey is the key Codex's built-in openai provider sends:
// auth.json's OPENAI_API_KEY (codex login --with-api-key) and nothing
// else. Codex 0.171 sent no key at all with only OPENAI_API_KEY exported.
func (c State) OpenAIProviderKey() discover.Value { return c.AuthKey }

// SelectedProvider is the effective model_provider: the top level's, else
// Codex's default "openai". A legacy profile's is never used: Codex
// refuses the selector and ignores the table (docs/tools.md).
func (c State) SelectedProvider() discover.Value {
	if c.Provider.Set() {
		return c.Provider
	}
	return discover.Value{Value: DefaultProvider, Source: discover.Source{Default: true}}
}
