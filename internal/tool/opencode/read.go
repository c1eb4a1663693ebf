package opencode

import (
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/jsonpos"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// openCodeID names OpenCode in problems and paths.
const openCodeID = string(ID)

// State is what OpenCode reads (StateOf): its config layers, lowest precedence
// first (global, $OPENCODE_CONFIG, the project's opencode.json,
// $OPENCODE_CONFIG_CONTENT), merged key by key, and auth.json.
type State struct {
	Layers   []Layer
	AuthPath string
	// Auth are auth.json's API keys by provider id.
	Auth map[string]discover.Value
}

// Layer is one config file (or the content variable).
type Layer struct {
	Role string // the tool.File role, or "content" for the variable
	Path string // "" for the content variable
	// Model is the top-level "ID/MODEL".
	Model     discover.Value
	Providers map[string]Provider
}

// Provider is one entry of a layer's provider map.
type Provider struct {
	NPM, BaseURL, APIKey discover.Value
	Models               []string
}

// StateOf is what discovery read of OpenCode's files into s (empty
// when it did not read them).
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads the config layers, auth.json and the content variable.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	o := &State{}
	s.SetState(t.ID, o)
	for _, f := range t.FilesOf(s.Env, s.Project) {
		s.NotePath(f.Path, openCodeID)
		if f.Role == "auth" {
			o.AuthPath = f.Path
			o.Auth = readOpenCodeAuth(s, f.Path)
			continue
		}
		doc, prob := discover.LoadJSON(openCodeID, f.Path, true)
		if prob != nil {
			s.AddProblem(*prob)
		}
		if doc != nil {
			o.Layers = append(o.Layers, openCodeLayer(s, f.Role, doc))
		}
	}
	if c := s.Env.Getenv(ContentVar); c != "" {
		if jsonpos.ValidateJSONC([]byte(c)) != nil {
			s.AddProblem(discover.Problem{Tool: openCodeID, Message: ContentVar + " is not valid JSON with comments", Unusable: true,
				Edit: "make $" + ContentVar + " valid JSON with comments, or unset it"})
		} else if std, err := hujson.Standardize([]byte(c)); err == nil && gjson.ParseBytes(std).IsObject() {
			o.Layers = append(o.Layers, openCodeLayer(s, "content", discover.NewJSONDoc(std)))
		}
	}
}

// openCodeLayer reads the model and the providers of one layer.
func openCodeLayer(s *discover.Snapshot, role string, doc *discover.JSONDoc) Layer {
	l := Layer{Role: role, Path: doc.Path(), Providers: map[string]Provider{}}
	str := func(path, key string) discover.Value {
		v, _, prob := doc.Str(openCodeID, path, key)
		if prob != nil {
			s.AddProblem(*prob)
		}
		if doc.Path() == "" && v.Source.Key != "" {
			v.Source = discover.Source{Key: ContentVar, Origin: "shell"}
		}
		return v
	}
	l.Model = str(Model, Model)
	doc.Get(ProviderKey).ForEach(func(k, v gjson.Result) bool {
		id := k.String()
		base := ProviderKey + "." + discover.Esc(id) + "."
		key := ProviderKey + "." + id + "."
		p := Provider{
			NPM:     str(base+NPM, key+NPM),
			BaseURL: str(base+Options+"."+BaseURL, key+Options+"."+BaseURL),
			APIKey:  str(base+Options+"."+APIKey, key+Options+"."+APIKey),
		}
		v.Get(Models).ForEach(func(m, _ gjson.Result) bool {
			p.Models = append(p.Models, m.String())
			return true
		})
		l.Providers[id] = p
		return true
	})
	return l
}

// readOpenCodeAuth reads the API keys of auth.json.
func readOpenCodeAuth(s *discover.Snapshot, path string) map[string]discover.Value {
	doc, prob := discover.LoadJSON(openCodeID, path, false)
	if prob != nil {
		s.AddProblem(*prob)
	}
	out := map[string]discover.Value{}
	if doc == nil {
		return out
	}
	doc.Get("@this").ForEach(func(k, v gjson.Result) bool {
		if v.Get(AuthType).String() == AuthAPI {
			id := k.String()
			if val, ok, _ := doc.Str(openCodeID, discover.Esc(id)+"."+AuthKey, id+"."+AuthKey); ok {
				out[id] = val
			}
		}
		return true
	})
	return out
}

// Effective is what OpenCode uses: the model "ID/MODEL" split in two, and
// the provider's fields, each from the highest layer that sets it (the
// models declared in any layer).
func (o State) Effective() (model discover.Value, id, name string, p Provider) {
	var below []discover.Value // the definitions the top one beats, highest first
	for _, l := range o.Layers {
		if l.Model.Set() {
			if model.Set() {
				below = append([]discover.Value{model}, below...)
			}
			model = l.Model
		}
	}
	model.Overrides = below
	id, name, _ = strings.Cut(model.Value, "/")
	seen := map[string]bool{}
	for _, l := range o.Layers {
		lp, ok := l.Providers[id]
		if !ok {
			continue
		}
		for _, f := range []struct{ dst, src *discover.Value }{{&p.NPM, &lp.NPM}, {&p.BaseURL, &lp.BaseURL}, {&p.APIKey, &lp.APIKey}} {
			if f.src.Set() {
				*f.dst = *f.src
			}
		}
		for _, m := range lp.Models {
			if !seen[m] {
				seen[m] = true
				p.Models = append(p.Models, m)
			}
		}
	}
	sort.Strings(p.Models)
	return model, id, name, p
}

// EnvRef is the variable a "{env:VAR}" value names ("" when it names none).
func EnvRef(v string) string {
	if strings.HasPrefix(v, "{env:") && strings.HasSuffix(v, "}") {
		return v[len("{env:") : len(v)-1]
	}
	return ""
}

// Resolve is the triple of the provider OpenCode's model is on.
func (impl) Resolve(s *discover.Snapshot, _ tool.Tool) []discover.Tool {
	o := StateOf(s)
	model, id, name, p := o.Effective()
	if !model.Set() && id == "" {
		return nil
	}
	t := discover.Tool{ID: ID, Rule: tool.Wire(ID), Label: "OpenCode (provider " + id + ")", NeedsModel: true,
		Base: p.BaseURL, KeyName: "auth.json " + id}
	if model.Set() {
		t.Model = model
		t.Model.Value = name
	}
	key := o.Auth[id]
	if p.APIKey.Set() {
		key, t.KeyName = p.APIKey, APIKey
		if ref := EnvRef(p.APIKey.Value); ref != "" {
			key = discover.Value{}
			if v, ok := s.Env.Lookup(ref); ok {
				key = discover.Value{Value: v, Source: discover.Source{Key: ref, Origin: "shell"}}
			}
			t.KeyName, t.KeyVar = ref, p.APIKey
			t.KeyVar.Value = ref
		}
	}
	t.Key = key
	global := Config(s.Env)
	pre := ProviderKey + "." + id + "."
	t.Places = discover.Places{Base: discover.Source{File: global, Key: pre + Options + "." + BaseURL}, Key: discover.Source{File: o.AuthPath, Key: id + "." + AuthKey}, Model: discover.Source{File: global, Key: Model}}
	if ref := EnvRef(p.APIKey.Value); ref != "" {
		t.Places.Key = discover.Source{Key: ref, Origin: "shell"}
	}
	if t.Key.Set() {
		t.Credentials = []discover.Value{t.Key}
		t.Auth = gateway.AuthBearer
	}
	return []discover.Tool{t}
}
