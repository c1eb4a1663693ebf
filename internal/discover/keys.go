package discover

import (
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// JSONKeyReader is the generic reader (tool.FormatJSONKey): a JSON file
// that holds the triple at fixed keys, as the tool's description places
// them (Keys). A tool of that format embeds it in its Impl (or, with no
// Impl, discovery uses it).
type JSONKeyReader struct{}

// JSONKeys is the generic reader.
func JSONKeys() JSONKeyReader { return JSONKeyReader{} }

// keysFile is what the generic reader read for one tool.
type keysFile struct {
	desc   tool.Tool
	values map[string]Value // by dotted key
	// providers is the Providers list, when the file holds one.
	providers *JSONDoc
}

// ReadFiles reads every file a generic tool's Keys name.
func (JSONKeyReader) ReadFiles(s *Snapshot, t tool.Tool) {
	if t.Keys == nil {
		return
	}
	id := string(t.ID)
	kf := &keysFile{desc: t, values: map[string]Value{}}
	for _, f := range t.FilesOf(s.Env, s.Project) {
		s.NotePath(f.Path, id)
		doc, prob := LoadJSON(id, f.Path, f.Syntax == tool.JSONC)
		if prob != nil {
			s.AddProblem(*prob)
		}
		if doc == nil {
			continue
		}
		if pr := t.Keys.Providers; pr != nil && pr.File == f.Role && doc.Get(EscPath(strings.Split(pr.List, "."))).IsArray() {
			kf.providers = doc
		}
		for _, p := range []tool.Place{t.Keys.Base, t.Keys.Key, t.Keys.Model} {
			if p.File != f.Role || p.Key == "" {
				continue
			}
			v, ok, prob := doc.Str(id, EscPath(p.Path()), p.Key)
			if prob != nil {
				s.AddProblem(*prob)
			}
			if ok {
				kf.values[p.File+"\x00"+p.Key] = v
			}
		}
	}
	s.SetState(t.ID, kf)
}

// Resolve is a generic tool's triple, when its files set any part.
func (JSONKeyReader) Resolve(s *Snapshot, t tool.Tool) []Tool {
	kf, ok := s.State(t.ID).(*keysFile)
	if !ok {
		return nil
	}
	k := t.Keys
	at := func(p tool.Place) Value { return kf.values[p.File+"\x00"+p.Key] }
	place := func(p tool.Place) Source {
		f, _ := t.File(s.Env, s.Project, p.File)
		return Source{File: f.Path, Key: p.Key}
	}
	r := Tool{ID: t.ID, Rule: t.Tool, Label: t.Title, NeedsModel: true,
		Base: at(k.Base), Key: at(k.Key), Model: at(k.Model), KeyName: k.Key.Key,
		Places: Places{place(k.Base), place(k.Key), place(k.Model)}}
	s.applyProvider(kf, &r)
	if !r.Base.Set() && !r.Key.Set() && !r.Model.Set() {
		return nil
	}
	if r.Key.Set() {
		r.Credentials = []Value{r.Key}
	}
	return []Tool{r}
}

// applyProvider lets the Providers entry of the model beat the fixed
// places: its base URL, and the variable its EnvKey names when that is
// set (else the tool falls back to the key in the file).
func (s *Snapshot) applyProvider(kf *keysFile, r *Tool) {
	pr := kf.desc.Keys.Providers
	if pr == nil || kf.providers == nil || !r.Model.Set() {
		return
	}
	list := kf.providers.Get(EscPath(strings.Split(pr.List, ".")))
	i := -1
	for j, en := range list.Array() {
		if en.Get(Esc(pr.ID)).String() == r.Model.Value {
			i = j
			break
		}
	}
	if i < 0 {
		return
	}
	at := fmt.Sprintf("%s.%d.", EscPath(strings.Split(pr.List, ".")), i)
	key := fmt.Sprintf("%s[%d].", pr.List, i)
	if base, ok, _ := kf.providers.Str(string(kf.desc.ID), at+Esc(pr.Base), key+pr.Base); ok {
		if r.Base.Set() {
			base.Overrides = []Value{r.Base}
		}
		r.Base = base
		r.Places.Base = Source{File: base.Source.File, Key: base.Source.Key}
	}
	name, ok, _ := kf.providers.Str(string(kf.desc.ID), at+Esc(pr.EnvKey), key+pr.EnvKey)
	if !ok || name.Value == "" {
		return
	}
	r.KeyName, r.Places.Key, r.KeyVar = name.Value, Source{Key: name.Value}, name
	if v := s.Shell(name.Value); v.Set() {
		if r.Key.Set() {
			v.Overrides = []Value{r.Key}
		}
		r.Key = v
	}
}

// EscPath is a dotted key as a gjson path, each part escaped.
func EscPath(parts []string) string {
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += "."
		}
		out += Esc(p)
	}
	return out
}
