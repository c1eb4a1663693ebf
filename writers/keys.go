package writers

import (
	"fmt"
	"slices"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// JSONKeys is the planner of a tool of the generic format
// (tool.FormatJSONKey): it writes the triple at the keys the tool's
// description places it, and the settings it fixes, one change per file.
// Every other byte of each file is kept, as the other planners keep them.
type JSONKeys struct {
	// EnvAuth: the key stays in the profile's variable, named by the
	// model's Providers entry; no file holds it.
	EnvAuth bool
}

// PlanFiles plans t's files (Planner).
func (j JSONKeys) PlanFiles(o Options, t tool.Tool) ([]*Change, error) {
	k := t.Keys
	if k == nil {
		return nil, fmt.Errorf("%s has no keys to write", t.ID)
	}
	p := o.Profile
	envAuth := k.Providers != nil && j.EnvAuth
	values := []tool.Fixed{{Place: k.Base, Value: t.BaseFor(p)}, {Place: k.Model, Value: p.Model}}
	if !envAuth {
		values = append(values, tool.Fixed{Place: k.Key, Value: p.Key})
	}
	values = append(values, k.Fixed...)
	var out []*Change
	for _, f := range t.FilesOf(o.Env, o.Project) {
		mine := slices.DeleteFunc(slices.Clone(values), func(v tool.Fixed) bool { return v.File != f.Role || v.Key == "" })
		if len(mine) == 0 || f.System {
			continue
		}
		c, doc, err := planKeysFile(f, mine, k.Key)
		if err != nil {
			return nil, err
		}
		if pr := k.Providers; pr != nil && pr.File == f.Role {
			if err := planProvider(c, doc, t, o, envAuth); err != nil {
				return nil, err
			}
		}
		c.New = doc.Bytes()
		c.Finish(!envAuth && k.Key.File == f.Role, 0o644)
		out = append(out, c)
	}
	return out, nil
}

// planKeysFile sets values in one JSON file; the caller finishes the
// change from the document.
func planKeysFile(f tool.File, values []tool.Fixed, key tool.Place) (*Change, *JSONDoc, error) {
	c, err := ReadFile(f.Path)
	if err != nil {
		return nil, nil, err
	}
	doc, err := ParseJSON(f.Path, c.Old, f.Syntax == tool.JSONC)
	if err != nil {
		return nil, nil, err
	}
	if old, ok := doc.Str(key.Path()...); ok {
		c.AddSecrets(old)
	}
	for _, v := range values {
		if _, err := doc.Set(v.Path(), v.Value); err != nil {
			return nil, nil, err
		}
	}
	return c, doc, nil
}
