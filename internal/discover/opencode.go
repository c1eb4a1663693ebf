package discover

import (
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/jsonpos"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// openCodeID names OpenCode in problems and paths.
const openCodeID = string(gateway.OpenCode)

// OpenCode is what OpenCode reads: its config layers, lowest precedence
// first (global, $OPENCODE_CONFIG, the project's opencode.json,
// $OPENCODE_CONFIG_CONTENT), merged key by key, and auth.json.
type OpenCode struct {
	Layers   []OpenCodeLayer
	AuthPath string
	// Auth are auth.json's API keys by provider id.
	Auth map[string]Value
}

// OpenCodeLayer is one config file (or the content variable).
type OpenCodeLayer struct {
	Role string // the tool.File role, or "content" for the variable
	Path string // "" for the content variable
	// Model is the top-level "ID/MODEL".
	Model     Value
	Providers map[string]OpenCodeProvider
}

// OpenCodeProvider is one entry of a layer's provider map.
type OpenCodeProvider struct {
	NPM, BaseURL, APIKey Value
	Models               []string
}

func (s *Snapshot) readOpenCode(t tool.Tool) {
	o := &s.OpenCode
	for _, f := range t.FilesOf(s.Env, s.Project) {
		s.notePath(f.Path, openCodeID)
		if f.Role == "auth" {
			o.AuthPath = f.Path
			o.Auth = s.readOpenCodeAuth(f.Path)
			continue
		}
		doc, prob := load(openCodeID, f.Path, true)
		if prob != nil {
			s.addProblem(*prob)
		}
		if doc != nil {
			o.Layers = append(o.Layers, s.openCodeLayer(f.Role, doc))
		}
	}
	if c := s.Env.Getenv(tool.OpenCodeContentVar); c != "" {
		if jsonpos.ValidateJSONC([]byte(c)) != nil {
			s.addProblem(Problem{Tool: openCodeID, Message: tool.OpenCodeContentVar + " is not valid JSON with comments", Unusable: true,
				Edit: "make $" + tool.OpenCodeContentVar + " valid JSON with comments, or unset it"})
		} else if std, err := hujson.Standardize([]byte(c)); err == nil && gjson.ParseBytes(std).IsObject() {
			o.Layers = append(o.Layers, s.openCodeLayer("content", &jsonDoc{data: std}))
		}
	}
}

// openCodeLayer reads the model and the providers of one layer.
func (s *Snapshot) openCodeLayer(role string, doc *jsonDoc) OpenCodeLayer {
	l := OpenCodeLayer{Role: role, Path: doc.path, Providers: map[string]OpenCodeProvider{}}
	str := func(path, key string) Value {
		v, _, prob := doc.str(openCodeID, path, key)
		if prob != nil {
			s.addProblem(*prob)
		}
		if doc.path == "" && v.Source.Key != "" {
			v.Source = Source{Key: tool.OpenCodeContentVar, Origin: "shell"}
		}
		return v
	}
	l.Model = str(tool.OpenCodeModel, tool.OpenCodeModel)
	doc.get(tool.OpenCodeProvider).ForEach(func(k, v gjson.Result) bool {
		id := k.String()
		base := tool.OpenCodeProvider + "." + esc(id) + "."
		key := tool.OpenCodeProvider + "." + id + "."
		p := OpenCodeProvider{
			NPM:     str(base+tool.OpenCodeNPM, key+tool.OpenCodeNPM),
			BaseURL: str(base+tool.OpenCodeOptions+"."+tool.OpenCodeBaseURL, key+tool.OpenCodeOptions+"."+tool.OpenCodeBaseURL),
			APIKey:  str(base+tool.OpenCodeOptions+"."+tool.OpenCodeAPIKey, key+tool.OpenCodeOptions+"."+tool.OpenCodeAPIKey),
		}
		v.Get(tool.OpenCodeModels).ForEach(func(m, _ gjson.Result) bool {
			p.Models = append(p.Models, m.String())
			return true
		})
		l.Providers[id] = p
		return true
	})
	return l
}

// readOpenCodeAuth reads the API keys of auth.json.
func (s *Snapshot) readOpenCodeAuth(path string) map[string]Value {
	doc, prob := loadJSON(openCodeID, path)
	if prob != nil {
		s.addProblem(*prob)
	}
	out := map[string]Value{}
	if doc == nil {
		return out
	}
	doc.get("@this").ForEach(func(k, v gjson.Result) bool {
		if v.Get(tool.OpenCodeAuthType).String() == tool.OpenCodeAuthAPI {
			id := k.String()
			if val, ok, _ := doc.str(openCodeID, esc(id)+"."+tool.OpenCodeAuthKey, id+"."+tool.OpenCodeAuthKey); ok {
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
func (o OpenCode) Effective() (model Value, id, name string, p OpenCodeProvider) {
	var below []Value // the definitions the top one beats, highest first
	for _, l := range o.Layers {
		if l.Model.Set() {
			if model.Set() {
				below = append([]Value{model}, below...)
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
		for _, f := range []struct{ dst, src *Value }{{&p.NPM, &lp.NPM}, {&p.BaseURL, &lp.BaseURL}, {&p.APIKey, &lp.APIKey}} {
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

func (s *Snapshot) resolveOpenCode(tool.Tool) []Tool {
	o := s.OpenCode
	model, id, name, p := o.Effective()
	if !model.Set() && id == "" {
		return nil
	}
	t := Tool{ID: gateway.OpenCode, Rule: tool.Wire(gateway.OpenCode), Label: "OpenCode (provider " + id + ")", NeedsModel: true,
		Base: p.BaseURL, KeyName: "auth.json " + id}
	if model.Set() {
		t.Model = model
		t.Model.Value = name
	}
	key := o.Auth[id]
	if p.APIKey.Set() {
		key, t.KeyName = p.APIKey, tool.OpenCodeAPIKey
		if ref := EnvRef(p.APIKey.Value); ref != "" {
			key = Value{}
			if v, ok := s.Env.Lookup(ref); ok {
				key = Value{Value: v, Source: Source{Key: ref, Origin: "shell"}}
			}
			t.KeyName, t.KeyVar = ref, p.APIKey
			t.KeyVar.Value = ref
		}
	}
	t.Key = key
	global := tool.OpenCodeConfig(s.Env)
	pre := tool.OpenCodeProvider + "." + id + "."
	t.Places = Places{Source{File: global, Key: pre + tool.OpenCodeOptions + "." + tool.OpenCodeBaseURL},
		Source{File: o.AuthPath, Key: id + "." + tool.OpenCodeAuthKey}, Source{File: global, Key: tool.OpenCodeModel}}
	if ref := EnvRef(p.APIKey.Value); ref != "" {
		t.Places.Key = Source{Key: ref, Origin: "shell"}
	}
	if t.Key.Set() {
		t.Credentials = []Value{t.Key}
		t.Auth = gateway.AuthBearer
	}
	return []Tool{t}
}
