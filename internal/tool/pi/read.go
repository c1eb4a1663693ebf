package pi

import (
	"bytes"
	"strconv"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tidwall/gjson"
)

// piID names Pi in problems and paths.
const piID = string(ID)

// State is what Pi reads (StateOf): models.json's providers, the settings
// layers (global, then the project's, which beats it key by key) and
// auth.json's API keys.
type State struct {
	ModelsPath, SettingsPath, ProjectPath, AuthPath string
	// ModelsExists: models.json is there (it may still not parse).
	ModelsExists bool
	Providers    map[string]Provider
	// Order is the providers' ids in the file's order.
	Order []string
	// Global and Project are the two settings layers.
	Global, Project Settings
	// Auth are auth.json's API keys by provider id.
	Auth map[string]discover.Value
}

// Settings is one settings.json layer.
type Settings struct {
	Provider, Model discover.Value
}

// Provider is one entry of models.json's providers.
type Provider struct {
	BaseURL, API, APIKey discover.Value
	Models               []Model
	// Headers are the provider's headers, as written (each value a
	// command, a variable's name or a literal, as apiKey's).
	Headers []discover.Header
}

// Model is one entry of a provider's models, with the fields that beat
// the provider's for it.
type Model struct {
	ID           string
	API, BaseURL discover.Value
}

// Find is the provider's model of that id.
func (p Provider) Find(id string) (Model, bool) {
	for _, m := range p.Models {
		if m.ID == id {
			return m, true
		}
	}
	return Model{}, false
}

// StateOf is what discovery read of Pi's files into s (empty when it did
// not read them).
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads models.json, both settings layers and auth.json.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	st := &State{Providers: map[string]Provider{}, Auth: map[string]discover.Value{}}
	s.SetState(t.ID, st)
	for _, f := range t.FilesOf(s.Env, s.Project) {
		s.NotePath(f.Path, piID)
		doc, prob := discover.LoadJSON(piID, f.Path, f.Syntax == tool.JSONC)
		if prob != nil {
			s.AddProblem(*prob)
		}
		switch f.Role {
		case "models":
			st.ModelsPath = f.Path
			if _, ok, _ := discover.ReadFile(f.Path); ok {
				st.ModelsExists = true
			}
			if doc != nil && unreadableByPi(s, f.Path) {
				doc = nil // pi drops every custom provider
			}
			if doc != nil {
				readModels(s, st, doc)
			}
		case "settings":
			st.SettingsPath = f.Path
			st.Global = readSettings(s, doc)
		case "project":
			st.ProjectPath = f.Path
			st.Project = readSettings(s, doc)
		case "auth":
			st.AuthPath = f.Path
			readAuth(s, st, doc)
		}
	}
}

// unreadableByPi notes a models.json that parses as JSON with comments
// but not as pi reads it (a /* */ comment): pi then ignores it.
func unreadableByPi(s *discover.Snapshot, path string) bool {
	b, _, err := discover.ReadFile(path)
	if err != nil || len(bytes.TrimSpace(b)) == 0 {
		return false
	}
	if err := PiParses(b); err != nil {
		s.AddProblem(discover.Problem{Tool: piID, File: path, Unusable: true,
			Message: "pi cannot parse it (it strips only // comments and trailing commas): " + err.Error(),
			Edit:    "remove its /* */ comments (pi reads // comments only)"})
		return true
	}
	return false
}

// str reads a string, noting a value of another type as a problem.
func str(s *discover.Snapshot, doc *discover.JSONDoc, path, key string) discover.Value {
	v, _, prob := doc.Str(piID, path, key)
	if prob != nil {
		s.AddProblem(*prob)
	}
	return v
}

func readModels(s *discover.Snapshot, st *State, doc *discover.JSONDoc) {
	doc.Get(Providers).ForEach(func(k, v gjson.Result) bool {
		id := k.String()
		path, key := Providers+"."+discover.Esc(id)+".", Providers+"."+id+"."
		p := Provider{
			BaseURL: str(s, doc, path+BaseURL, key+BaseURL),
			API:     str(s, doc, path+API, key+API),
			APIKey:  str(s, doc, path+APIKey, key+APIKey),
			Headers: doc.Headers(path+Headers, key+Headers),
		}
		for i, m := range v.Get(Models).Array() {
			n := gjson.Get(m.Raw, ModelID).String()
			if n == "" {
				continue
			}
			at, mk := path+Models+"."+strconv.Itoa(i)+".", key+Models+"."+strconv.Itoa(i)+"."
			p.Models = append(p.Models, Model{ID: n, API: str(s, doc, at+API, mk+API), BaseURL: str(s, doc, at+BaseURL, mk+BaseURL)})
		}
		if p.APIKey.Value != "" && FormOf(s.Env, p.APIKey.Value) == KeyLiteral {
			s.AddStored(ID, p.APIKey)
		}
		st.Providers[id] = p
		st.Order = append(st.Order, id)
		return true
	})
}

func readSettings(s *discover.Snapshot, doc *discover.JSONDoc) Settings {
	if doc == nil {
		return Settings{}
	}
	return Settings{Provider: str(s, doc, DefaultProvider, DefaultProvider), Model: str(s, doc, DefaultModel, DefaultModel)}
}

func readAuth(s *discover.Snapshot, st *State, doc *discover.JSONDoc) {
	if doc == nil {
		return
	}
	doc.Get("@this").ForEach(func(k, v gjson.Result) bool {
		if v.Get(AuthType).String() == AuthAPIKey {
			id := k.String()
			if val, ok, _ := doc.Str(piID, discover.Esc(id)+"."+AuthKey, id+"."+AuthKey); ok {
				st.Auth[id] = val
				s.AddStored(ID, val)
			}
		}
		return true
	})
}

// Effective is what the newest pi observed runs with (EffectiveAt).
func (st State) Effective() (provider, model discover.Value, p Provider, ok bool) {
	return st.EffectiveAt(Facts.Value(""))
}

// EffectiveAt is what a pi of sheet's versions runs with: the settings'
// provider and model (the project's beating the global's, which it
// shadows, where ProjectSettingsWin), the provider's entry and whether
// models.json declares it.
func (st State) EffectiveAt(sheet Sheet) (provider, model discover.Value, p Provider, ok bool) {
	provider, model = st.Global.Provider, st.Global.Model
	if !sheet.ProjectSettingsWin {
		p, ok = st.Providers[provider.Value]
		return provider, model, p, ok
	}
	if v := st.Project.Provider; v.Set() {
		if provider.Set() {
			v.Overrides = []discover.Value{provider}
		}
		provider = v
	}
	if v := st.Project.Model; v.Set() {
		if model.Set() {
			v.Overrides = []discover.Value{model}
		}
		model = v
	}
	p, ok = st.Providers[provider.Value]
	return provider, model, p, ok
}

// APIOf is the api the provider's model is sent with: the model's own,
// else the provider's.
func (p Provider) APIOf(model string) discover.Value {
	if m, ok := p.Find(model); ok && m.API.Set() {
		return m.API
	}
	return p.API
}

// BaseOf is the base URL the provider's model is sent to.
func (p Provider) BaseOf(model string) discover.Value {
	if m, ok := p.Find(model); ok && m.BaseURL.Set() {
		return m.BaseURL
	}
	return p.BaseURL
}

// Resolve is the triple of the provider settings.json selects, by the
// newest facts (the version is not known yet: AtVersion).
func (impl) Resolve(s *discover.Snapshot, _ tool.Tool) []discover.Tool {
	return resolveAt(s, Facts.Value(""))
}

// AtVersion re-resolves Pi's triple by the facts of the version
// installed, where they layer the files otherwise than the newest do
// (which settings layer wins, whether auth.json's key is sent).
func (impl) AtVersion(s *discover.Snapshot, t *discover.Tool, version string) {
	sheet := Facts.Value(version)
	if sheet == Facts.Value("") {
		return
	}
	ts := resolveAt(s, sheet)
	if len(ts) != 1 {
		return
	}
	*t = ts[0]
	if t.Auth == "" && t.Key.Set() {
		t.Auth = discover.AuthFor(t.KeyName, t.Rule)
	}
}

// resolveAt is the triple a pi of sheet's versions sends.
func resolveAt(s *discover.Snapshot, sheet Sheet) []discover.Tool {
	st := StateOf(s)
	provider, model, p, ok := st.EffectiveAt(sheet)
	if !ok {
		return nil
	}
	id := provider.Value
	api := p.APIOf(model.Value)
	t := discover.Tool{ID: ID, Rule: Rule(api.Value), Label: "Pi (provider " + id + ")", NeedsModel: true,
		Base: p.BaseOf(model.Value), Model: model, KeyName: APIKey}
	pre := Providers + "." + id + "."
	t.Places = discover.Places{
		Base:  discover.Source{File: st.ModelsPath, Key: pre + BaseURL},
		Key:   discover.Source{File: st.ModelsPath, Key: pre + APIKey},
		Model: discover.Source{File: st.SettingsPath, Key: DefaultModel},
	}
	resolveKey(s, st, id, p, &t, sheet.AuthFileWins)
	if t.Key.Set() && !t.KeyCommand {
		t.Credentials = []discover.Value{t.Key}
	}
	if t.Key.Set() {
		t.Auth = t.Rule.Auth
	}
	t.Headers, t.HeadersAt = sentHeaders(s, p.Headers), discover.Source{File: st.ModelsPath, Key: pre + Headers}
	return []discover.Tool{t}
}

// sentHeaders are the provider's headers as Pi resolves each value: a
// variable's name that is set is its value (one that is not is sent as
// written, as Pi does), a command's output is not known without running
// it (left out), anything else is the literal.
func sentHeaders(s *discover.Snapshot, hs []discover.Header) []discover.Header {
	var out []discover.Header
	for _, h := range hs {
		switch FormOf(s.Env, h.Value.Value) {
		case KeyCommand:
			continue
		case KeyVar:
			if v, ok := s.Env.Lookup(h.Value.Value); ok && v != "" {
				h.Value = discover.Value{Value: v, Source: discover.Source{Key: h.Value.Value, Origin: "shell"}}
			}
		}
		if discover.Sendable(h.Name, h.Value.Value) {
			out = append(out, h)
		}
	}
	return out
}

// resolveKey is the key pi sends for provider id: auth.json's (where
// authWins), else apiKey's command, variable or literal.
func resolveKey(s *discover.Snapshot, st *State, id string, p Provider, t *discover.Tool, authWins bool) {
	if k, ok := st.Auth[id]; ok && authWins {
		t.Key, t.KeyName = k, "auth.json "+id
		if p.APIKey.Set() {
			t.Key.Overrides = []discover.Value{p.APIKey}
		}
		return
	}
	v := p.APIKey
	if !v.Set() {
		return
	}
	switch FormOf(s.Env, v.Value) {
	case KeyCommand:
		t.Key, t.KeyName, t.KeyCommand = v, APIKey, true
	case KeyVar:
		t.KeyName, t.KeyVar = v.Value, v
		t.Places.Key = discover.Source{Key: v.Value, Origin: "shell"}
		if val, ok := s.Env.Lookup(v.Value); ok {
			t.Key = discover.Value{Value: val, Source: discover.Source{Key: v.Value, Origin: "shell"}}
		}
	default:
		t.Key = v
	}
}
