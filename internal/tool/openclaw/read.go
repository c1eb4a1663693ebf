package openclaw

import (
	"errors"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/json5pos"
	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// openClawID names OpenClaw in problems and paths.
const openClawID = string(ID)

// State is what OpenClaw reads (StateOf): its config file's primary model
// and providers, and the global .env "${VAR}" may name.
type State struct {
	Path   string
	Exists bool
	// Primary is agents.defaults.model.primary (or agents.defaults.model
	// when it is a string): "ID/MODEL".
	Primary   discover.Value
	Providers map[string]*Provider
	// DotEnv are the variables of ~/.openclaw/.env.
	DotEnv map[string]discover.Value
}

// Provider is one entry of models.providers.
type Provider struct {
	ID                   string
	BaseURL, APIKey, API discover.Value
	Models               []Model
	// Headers are the provider's headers, as written ("${VAR}" kept).
	Headers []discover.Header
}

// Model is one entry of a provider's models list.
type Model struct {
	ID      string
	HasName bool
	Index   int
	// Line and Col are where the entry starts.
	Line, Col int
}

// StateOf is what discovery read of OpenClaw's files into s (empty when it
// did not read them).
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads the config with the JSON5 parser (positions kept).
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	st := &State{Providers: map[string]*Provider{}}
	s.SetState(t.ID, st)
	st.Path = Config(s.Env)
	s.NotePath(st.Path, openClawID)
	if vars, ok := s.ReadDotEnv(openClawID, DotEnv(s.Env)); ok {
		st.DotEnv = vars
	}
	b, ok, err := discover.ReadFile(st.Path)
	if !ok {
		return
	}
	st.Exists = true
	if err != nil {
		s.AddProblem(discover.Unreadable(openClawID, st.Path, err))
		return
	}
	doc, err := json5pos.ParseDoc(b)
	if err != nil {
		p := discover.Problem{Tool: openClawID, File: st.Path, Unusable: true, Message: "not valid JSON5: " + err.Error()}
		var je *jsonpos.Error
		if errors.As(err, &je) {
			p.Line, p.Col, p.Message = je.Line, je.Col, "not valid JSON5: "+je.Msg
		}
		s.AddProblem(p)
		return
	}
	read(s, st, doc)
}

// read takes the providers and the primary model out of a parsed config.
func read(s *discover.Snapshot, st *State, doc *json5pos.Doc) {
	str := func(n *json5pos.Node, key string) discover.Value {
		if n == nil || n.Kind == json5pos.Null {
			return discover.Value{}
		}
		line, _ := doc.LineCol(n.Start)
		if n.Kind != json5pos.String {
			s.AddProblem(discover.Problem{Tool: openClawID, File: st.Path, Line: line,
				Message: key + " must be a string, not " + discover.Sanitize(string(doc.Bytes()[n.Start:n.End]))})
			return discover.Value{}
		}
		return discover.Value{Value: n.Str, Source: discover.Source{File: st.Path, Line: line, Key: key}}
	}
	model := doc.Lookup(AgentsKey, DefaultsKey, ModelKey)
	primary := strings.Join([]string{AgentsKey, DefaultsKey, ModelKey}, ".")
	if model != nil && model.Kind == json5pos.String {
		st.Primary = str(model, primary)
	} else {
		st.Primary = str(model.Get(PrimaryKey), primary+"."+PrimaryKey)
	}
	provs := doc.Lookup(ModelsKey, ProvidersKey)
	if provs == nil || provs.Kind != json5pos.Object {
		return
	}
	for _, m := range provs.Members {
		pre := ModelsKey + "." + ProvidersKey + "." + m.Key + "."
		p := &Provider{ID: m.Key, BaseURL: str(m.Value.Get(BaseURL), pre+BaseURL),
			APIKey: str(m.Value.Get(APIKey), pre+APIKey), API: str(m.Value.Get(API), pre+API)}
		if hs := m.Value.Get(Headers); hs != nil && hs.Kind == json5pos.Object {
			for _, h := range hs.Members {
				if v := str(h.Value, pre+Headers+"."+h.Key); v.Set() {
					p.Headers = append(p.Headers, discover.Header{Name: h.Key, Value: v})
				}
			}
		}
		if list := m.Value.Get(ModelsKey); list != nil && list.Kind == json5pos.Array {
			for i, el := range list.Elems {
				id, _ := el.Get(ModelID).Text()
				line, col := doc.LineCol(el.Start)
				p.Models = append(p.Models, Model{ID: id, HasName: el.Get(ModelName) != nil, Index: i, Line: line, Col: col})
			}
		}
		st.Providers[m.Key] = p
	}
}

// Effective is the provider the primary model is on and the model's id
// in it ("ID/MODEL": the id is up to the first slash, the model may hold
// more).
func (st State) Effective() (id, model string, p *Provider) {
	id, model, _ = strings.Cut(st.Primary.Value, "/")
	return id, model, st.Providers[id]
}

// APIOf is the provider's api, its default when unset.
func (p *Provider) APIOf() string {
	if p == nil || p.API.Value == "" {
		return APIChat
	}
	return p.API.Value
}

// Resolve is the triple of the provider OpenClaw's primary model is on.
func (impl) Resolve(s *discover.Snapshot, _ tool.Tool) []discover.Tool {
	st := StateOf(s)
	id, name, p := st.Effective()
	if !st.Primary.Set() || p == nil {
		return nil
	}
	t := discover.Tool{ID: ID, Rule: Wire(p.APIOf(), p.BaseURL.Value), Label: "OpenClaw (provider " + id + ")", NeedsModel: true,
		Base: p.BaseURL, KeyName: APIKey}
	t.Model = st.Primary
	t.Model.Value = name
	t.Key = p.APIKey
	pre := ModelsKey + "." + ProvidersKey + "." + id + "."
	t.Places = discover.Places{Base: discover.Source{File: st.Path, Key: pre + BaseURL}, Key: discover.Source{File: st.Path, Key: pre + APIKey},
		Model: discover.Source{File: st.Path, Key: strings.Join([]string{AgentsKey, DefaultsKey, ModelKey, PrimaryKey}, ".")}}
	if ref := EnvRef(p.APIKey.Value); ref != "" {
		t.Key = st.lookup(s, ref)
		t.KeyName, t.KeyVar = ref, p.APIKey
		t.KeyVar.Value = ref
		t.Places.Key = discover.Source{Key: ref, Origin: "shell"}
	}
	if t.Key.Set() && t.Key.Value != "" {
		t.Credentials = []discover.Value{t.Key}
		t.Auth = t.Rule.Auth
	}
	t.HeadersAt = discover.Source{File: st.Path, Key: pre + Headers}
	for _, h := range p.Headers {
		if ref := EnvRef(h.Value.Value); ref != "" {
			h.Value = st.lookup(s, ref)
		}
		if h.Value.Value != "" && discover.Sendable(h.Name, h.Value.Value) {
			t.Headers = append(t.Headers, h)
		}
	}
	return []discover.Tool{t}
}

// lookup is a variable "${VAR}" names: the environment's, else the
// global .env's (OpenClaw loads it without overriding the environment).
func (st State) lookup(s *discover.Snapshot, name string) discover.Value {
	if v, ok := s.Env.Lookup(name); ok && v != "" {
		return discover.Value{Value: v, Source: discover.Source{Key: name, Origin: "shell"}}
	}
	if v, ok := st.DotEnv[name]; ok && v.Value != "" {
		return v
	}
	return discover.Value{}
}
