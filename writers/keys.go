package writers

import (
	"fmt"
	"slices"

	"github.com/keydoctor/keydoctor/internal/tools"
)

// planKeys writes the triple of a tool of the generic format
// (tools.FormatJSONKey) at the keys its description places it, and the
// settings it fixes, one change per file. Every other byte of each file
// is kept, as the other writers keep them.
func planKeys(o Options, t tools.Tool) ([]*Change, error) {
	k := t.Keys
	if k == nil {
		return nil, fmt.Errorf("%s has no keys to write", t.ID)
	}
	p := o.Profile
	values := []tools.Fixed{{Place: k.Base, Value: t.Base(p.BaseURL)}, {Place: k.Key, Value: p.Key}, {Place: k.Model, Value: p.Model}}
	values = append(values, k.Fixed...)
	var out []*Change
	for _, f := range t.FilesOf(o.Env, o.Project) {
		mine := slices.DeleteFunc(slices.Clone(values), func(v tools.Fixed) bool { return v.File != f.Role || v.Key == "" })
		if len(mine) == 0 || f.System {
			continue
		}
		c, err := planKeysFile(f, mine, k.Key)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// planKeysFile sets values in one JSON file; the file holds a secret when
// one of them is at the key's place.
func planKeysFile(f tools.File, values []tools.Fixed, key tools.Place) (*Change, error) {
	c, err := readFile(f.Path)
	if err != nil {
		return nil, err
	}
	doc, err := parseJSONDoc(f.Path, c.Old, f.Syntax == tools.JSONC)
	if err != nil {
		return nil, err
	}
	secret := false
	for _, v := range values {
		if v.Place == key {
			secret = true
			if old, ok := doc.str(v.Path()...); ok {
				c.addSecrets(old)
			}
		}
		if _, err := doc.set(v.Path(), v.Value); err != nil {
			return nil, err
		}
	}
	c.New = doc.bytes()
	c.finish(secret, 0o644)
	return c, nil
}
