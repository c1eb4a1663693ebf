package providerjson

import (
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// State is what a tool of the format reads (StateOf): its config layers,
// lowest precedence first, merged key by key, and its auth file.
type State struct {
	Layers   []Layer
	AuthPath string
	// Auth are the auth file's API keys by provider id.
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
	// Headers are options.headers, sent with each request (the AI SDK
	// provider's headers setting): a header-routed gateway's (Portkey's
	// x-portkey-provider). Their values as written, {env:VAR} unexpanded.
	Headers []discover.Header
}

// StateOf is what discovery read of f's files into s (empty when it did
// not read them).
func (f Format) StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, f.ID) }

// ReadFiles reads the config layers, the auth file (the file of role
// "auth") and the content variable.
func (f Format) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	o := &State{}
	s.SetState(t.ID, o)
	id := string(f.ID)
	for _, file := range t.FilesOf(s.Env, s.Project) {
		s.NotePath(file.Path, id)
		if file.Role == "auth" {
			o.AuthPath = file.Path
			o.Auth = f.readAuth(s, file.Path)
			continue
		}
		doc, prob := discover.LoadJSON(id, file.Path, true)
		if prob != nil {
			s.AddProblem(*prob)
		}
		if doc != nil {
			o.Layers = append(o.Layers, f.layer(s, file.Role, doc))
		}
	}
	if c := s.Env.Getenv(f.ContentVar); c != "" {
		if jsonpos.ValidateJSONC([]byte(c)) != nil {
			s.AddProblem(discover.Problem{Tool: id, Message: f.ContentVar + " is not valid JSON with comments", Unusable: true,
				Edit: "make $" + f.ContentVar + " valid JSON with comments, or unset it"})
		} else if std, err := hujson.Standardize([]byte(c)); err == nil && gjson.ParseBytes(std).IsObject() {
			o.Layers = append(o.Layers, f.layer(s, "content", discover.NewJSONDoc(std)))
		}
	}
}

// layer reads the model and the providers of one layer.
func (f Format) layer(s *discover.Snapshot, role string, doc *discover.JSONDoc) Layer {
	l := Layer{Role: role, Path: doc.Path(), Providers: map[string]Provider{}}
	str := func(path, key string) discover.Value {
		v, _, prob := doc.Str(string(f.ID), path, key)
		if prob != nil {
			s.AddProblem(*prob)
		}
		if doc.Path() == "" && v.Source.Key != "" {
			v.Source = discover.Source{Key: f.ContentVar, Origin: "shell"}
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
			Headers: doc.Headers(base+Options+"."+Headers, key+Options+"."+Headers),
		}
		if doc.Path() == "" {
			for i := range p.Headers {
				p.Headers[i].Value.Source = discover.Source{Key: f.ContentVar, Origin: "shell"}
			}
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

// readAuth reads the API keys of the auth file.
func (f Format) readAuth(s *discover.Snapshot, path string) map[string]discover.Value {
	doc, prob := discover.LoadJSON(string(f.ID), path, false)
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
			if val, ok, _ := doc.Str(string(f.ID), discover.Esc(id)+"."+AuthKey, id+"."+AuthKey); ok {
				out[id] = val
			}
		}
		return true
	})
	return out
}

// Effective is what the tool uses: the model "ID/MODEL" split in two, and
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
		p.Headers = discover.MergeHeaders(p.Headers, lp.Headers)
	}
	sort.Strings(p.Models)
	return model, id, name, p
}

// expandEnv is a value with each {env:VAR} replaced by the variable's
// value ("" when unset), as the tool substitutes them in its config text.
func expandEnv(e *env.Env, v string) string {
	var b strings.Builder
	for {
		i := strings.Index(v, "{env:")
		if i < 0 {
			break
		}
		j := strings.IndexByte(v[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(v[:i])
		b.WriteString(e.Getenv(v[i+len("{env:") : i+j]))
		v = v[i+j+1:]
	}
	b.WriteString(v)
	return b.String()
}

// EnvRef is the variable a "{env:VAR}" value names ("" when it names none).
func EnvRef(v string) string {
	if strings.HasPrefix(v, "{env:") && strings.HasSuffix(v, "}") {
		return v[len("{env:") : len(v)-1]
	}
	return ""
}

// Rule is the wire rule of a provider: the Anthropic one for an
// @ai-sdk/anthropic provider where the format knows it, else the tool's.
func (f Format) Rule(p Provider) gateway.Tool {
	if f.Anthropic != nil && p.NPM.Value == AnthropicNPM {
		return *f.Anthropic
	}
	return tool.Wire(f.ID)
}

// At is the layers a tool of sheet's versions merges: without
// LayersOverride, none after the global config (config, its path) is
// read over it.
func (o State) At(sheet Sheet, config string) State {
	if sheet.LayersOverride {
		return o
	}
	out := o
	out.Layers = nil
	for _, l := range o.Layers {
		out.Layers = append(out.Layers, l)
		if l.Path == config {
			break
		}
	}
	return out
}

// Resolve is the triple of the provider the tool's model is on, by the
// newest facts (the version is not known yet: AtVersion).
func (f Format) Resolve(s *discover.Snapshot, _ tool.Tool) []discover.Tool {
	return f.resolveAt(s, f.Facts.Value(""))
}

// AtVersion re-resolves the triple by the layers the version installed
// merges, where its facts differ from the newest.
func (f Format) AtVersion(s *discover.Snapshot, t *discover.Tool, version string) {
	sheet := f.Facts.Value(version)
	if sheet == f.Facts.Value("") {
		return
	}
	if ts := f.resolveAt(s, sheet); len(ts) == 1 {
		*t = ts[0]
	}
}

// resolveAt is the triple a tool of sheet's versions sends.
func (f Format) resolveAt(s *discover.Snapshot, sheet Sheet) []discover.Tool {
	o := f.StateOf(s).At(sheet, f.Config(s.Env))
	model, id, name, p := o.Effective()
	if !model.Set() && id == "" {
		return nil
	}
	rule := f.Rule(p)
	t := discover.Tool{ID: f.ID, Rule: rule, Label: f.Title + " (provider " + id + ")", NeedsModel: true,
		Base: p.BaseURL, KeyName: "auth.json " + id}
	if f.Auth == nil {
		t.KeyName = APIKey
	}
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
	global := f.Config(s.Env)
	pre := ProviderKey + "." + id + "."
	keyAt := discover.Source{File: global, Key: pre + Options + "." + APIKey}
	if f.Auth != nil {
		keyAt = discover.Source{File: o.AuthPath, Key: id + "." + AuthKey}
	}
	t.Places = discover.Places{Base: discover.Source{File: global, Key: pre + Options + "." + BaseURL}, Key: keyAt, Model: discover.Source{File: global, Key: Model}}
	if ref := EnvRef(p.APIKey.Value); ref != "" {
		t.Places.Key = discover.Source{Key: ref, Origin: "shell"}
	}
	if t.Key.Set() {
		t.Credentials = []discover.Value{t.Key}
		t.Auth = rule.Auth
	}
	t.HeadersAt = discover.Source{File: global, Key: pre + Options + "." + Headers}
	for _, h := range p.Headers {
		h.Value.Value = expandEnv(s.Env, h.Value.Value)
		if discover.Sendable(h.Name, h.Value.Value) {
			t.Headers = append(t.Headers, h)
		}
	}
	return []discover.Tool{t}
}
