package crush

import (
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tidwall/gjson"
)

// crushID names Crush in problems and paths.
const crushID = string(ID)

// State is what Crush reads (StateOf): its JSON layers, lowest precedence
// first, merged key by key, and the crushrc scripts it would run.
type State struct {
	Layers []Layer
	// Scripts are the crushrc files found: Crush runs them as Bash and
	// merges what they set over the JSON of their directory.
	Scripts []string
}

// Layer is one JSON config.
type Layer struct {
	Role, Path   string
	Large, Small Selection
	Providers    map[string]Provider
}

// Selection is a models.large or models.small entry.
type Selection struct{ Provider, Model discover.Value }

// Provider is one entry of a layer's providers.
type Provider struct {
	Type, BaseURL, APIKey discover.Value
	Models                []string
	// Headers are extra_headers, as written.
	Headers []discover.Header
	// ModelsSet: the layer has a models list (an empty one too).
	ModelsSet bool
}

// StateOf is what discovery read of Crush's files into s (empty when it
// did not read them).
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads every JSON layer and notes the crushrc scripts.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	st := &State{}
	s.SetState(t.ID, st)
	for _, f := range t.FilesOf(s.Env, s.Project) {
		s.NotePath(f.Path, crushID)
		doc, prob := discover.LoadJSON(crushID, f.Path, false)
		if prob != nil {
			s.AddProblem(*prob)
		}
		if doc != nil {
			st.Layers = append(st.Layers, readLayer(s, f.Role, doc))
		}
	}
	st.Scripts = ShellConfigs(s.Env, s.Project)
}

func readLayer(s *discover.Snapshot, role string, doc *discover.JSONDoc) Layer {
	l := Layer{Role: role, Path: doc.Path(), Providers: map[string]Provider{}}
	str := func(path, key string) discover.Value {
		v, _, prob := doc.Str(crushID, path, key)
		if prob != nil {
			s.AddProblem(*prob)
		}
		return v
	}
	sel := func(which string) Selection {
		pre := Models + "." + which + "."
		return Selection{Provider: str(pre+SelProvider, pre+SelProvider), Model: str(pre+SelModel, pre+SelModel)}
	}
	l.Large, l.Small = sel(Large), sel(Small)
	doc.Get(ProvidersKey).ForEach(func(k, v gjson.Result) bool {
		id := k.String()
		path := ProvidersKey + "." + discover.Esc(id) + "."
		key := ProvidersKey + "." + id + "."
		p := Provider{Type: str(path+Type, key+Type), BaseURL: str(path+BaseURL, key+BaseURL), APIKey: str(path+APIKey, key+APIKey),
			Headers: doc.Headers(path+ExtraHeaders, key+ExtraHeaders)}
		if ms := v.Get(Models); ms.IsArray() {
			p.ModelsSet = true
			ms.ForEach(func(_, m gjson.Result) bool {
				if id := m.Get(ModelID).String(); id != "" {
					p.Models = append(p.Models, id)
				}
				return true
			})
		}
		l.Providers[id] = p
		return true
	})
	return l
}

// Effective is what Crush uses: the large (or small) selection and the
// fields of the provider it names, each from the highest layer that sets
// it, with the models every layer declares for it.
//
// The model's Overrides stay empty: the layer that beats the global file
// is mostly Crush's own data file, and crushCheck says what to remove
// there (the generic advice would remove what setup wrote).
func (st State) Effective(which string) (sel Selection, p Provider) {
	for _, l := range st.Layers {
		s := l.Large
		if which == Small {
			s = l.Small
		}
		if s.Provider.Set() {
			sel.Provider = s.Provider
		}
		if s.Model.Set() {
			sel.Model = s.Model
		}
	}
	_, p = st.provider(sel.Provider.Value)
	return sel, p
}

// provider is the provider id as the layers merge it.
func (st State) provider(id string) (string, Provider) {
	var p Provider
	seen := map[string]bool{}
	for _, l := range st.Layers {
		lp, ok := l.Providers[id]
		if !ok {
			continue
		}
		for _, f := range []struct{ dst, src *discover.Value }{{&p.Type, &lp.Type}, {&p.BaseURL, &lp.BaseURL}, {&p.APIKey, &lp.APIKey}} {
			if f.src.Set() {
				*f.dst = *f.src
			}
		}
		p.ModelsSet = p.ModelsSet || lp.ModelsSet
		p.Headers = discover.MergeHeaders(p.Headers, lp.Headers)
		for _, m := range lp.Models {
			if !seen[m] {
				seen[m] = true
				p.Models = append(p.Models, m)
			}
		}
	}
	sort.Strings(p.Models)
	return id, p
}

// VarRef is the variable a "$VAR" or "${VAR}" value names ("" when it is
// anything else: a literal, a $(command), text around the reference).
func VarRef(v string) string {
	name := ""
	switch {
	case strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}"):
		name = v[2 : len(v)-1]
	case strings.HasPrefix(v, "$"):
		name = v[1:]
	}
	if name == "" {
		return ""
	}
	for i, r := range name {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			return ""
		}
	}
	return name
}

// IsCommand reports a value Crush runs a command for ($(…) or `…`).
func IsCommand(v string) bool { return strings.Contains(v, "$(") || strings.Contains(v, "`") }

// Resolve is the triple of the provider Crush's large model is on.
func (impl) Resolve(s *discover.Snapshot, _ tool.Tool) []discover.Tool {
	st := StateOf(s)
	sel, p := st.Effective(Large)
	if !sel.Provider.Set() && !sel.Model.Set() {
		return nil
	}
	id := sel.Provider.Value
	rule, _ := WireOf(p.Type.Value)
	t := discover.Tool{ID: ID, Rule: rule, Label: "Crush (provider " + id + ")", NeedsModel: true,
		Base: p.BaseURL, Model: sel.Model, KeyName: APIKey}
	global := Global(s.Env)
	pre := ProvidersKey + "." + id + "."
	t.Places = discover.Places{Base: discover.Source{File: global, Key: pre + BaseURL},
		Key: discover.Source{File: global, Key: pre + APIKey}, Model: discover.Source{File: global, Key: Models + "." + Large + "." + SelModel}}
	key := p.APIKey
	switch ref := VarRef(key.Value); {
	case ref != "":
		key = discover.Value{}
		if v, ok := s.Env.Lookup(ref); ok {
			key = discover.Value{Value: v, Source: discover.Source{Key: ref, Origin: "shell"}}
		}
		t.KeyName, t.KeyVar = ref, p.APIKey
		t.KeyVar.Value = ref
		t.Places.Key = discover.Source{Key: ref, Origin: "shell"}
	case IsCommand(key.Value):
		t.KeyCommand = true
		key = discover.Value{}
	}
	t.Key = key
	if t.Key.Set() {
		t.Credentials = []discover.Value{t.Key}
		t.Auth = rule.Auth
	}
	t.Headers, t.HeadersAt = sentHeaders(s, p.Headers), discover.Source{File: global, Key: pre + ExtraHeaders}
	if small, _ := st.Effective(Small); small.Model.Set() && (!small.Provider.Set() || small.Provider.Value == id) {
		t.BackgroundModel = small.Model
	}
	return []discover.Tool{t}
}

// sentHeaders are the extra headers as Crush sends them: a "$VAR" value
// is the variable's (unset: the header goes empty, and is left out
// here), a command's output is not known without running it (left out).
func sentHeaders(s *discover.Snapshot, hs []discover.Header) []discover.Header {
	var out []discover.Header
	for _, h := range hs {
		switch ref := VarRef(h.Value.Value); {
		case ref != "":
			v, ok := s.Env.Lookup(ref)
			if !ok || v == "" {
				continue
			}
			h.Value = discover.Value{Value: v, Source: discover.Source{Key: ref, Origin: "shell"}}
		case IsCommand(h.Value.Value):
			continue
		}
		if discover.Sendable(h.Name, h.Value.Value) {
			out = append(out, h)
		}
	}
	return out
}
