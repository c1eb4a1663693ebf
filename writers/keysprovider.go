package writers

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// planProvider writes the model's entry of a Providers list (a list of
// model entries that beats the top-level keys). With envAuth the
// entry carries the base URL and names the profile's key variable, and a
// key left in the file is removed: the file holds no key. Without it an
// existing entry for the model would beat what setup wrote, so its base
// URL is brought in line and its variable name dropped; no entry is
// added.
func planProvider(c *Change, doc *JSONDoc, t tool.Tool, o Options, envAuth bool) error {
	k, p := t.Keys, o.Profile
	pr := k.Providers
	list := strings.Split(pr.List, ".")
	at, exists := providerEntry(doc, list, pr.ID, p.Model)
	base := t.BaseFor(p)
	if !envAuth {
		if !exists {
			return nil
		}
		if _, has := doc.Str(append(at, pr.Base)...); has {
			if _, err := doc.Set(append(at, pr.Base), base); err != nil {
				return err
			}
		}
		if name, has := doc.Str(append(at, pr.EnvKey)...); has && doc.Remove(append(at, pr.EnvKey)...) {
			c.Notef("removed %s[%s].%s (%s): it beats the key in %s", pr.List, at[len(at)-1], pr.EnvKey, name, pr.File)
		}
		return nil
	}
	if doc.Remove(k.Key.Path()...) {
		c.Notef("removed %s (%s names the variable that holds the key instead)", k.Key.Key, pr.List)
	}
	if !exists {
		entry := OrderedObject([][2]string{{pr.ID, p.Model}, {pr.Base, base}, {pr.EnvKey, p.KeyVar}})
		if ok, err := doc.AppendTo(list, entry); err != nil || ok {
			return err
		}
		_, err := doc.Set(list, []json.RawMessage{entry})
		return err
	}
	for _, kv := range [][2]string{{pr.Base, base}, {pr.EnvKey, p.KeyVar}} {
		if _, err := doc.Set(append(at, kv[0]), kv[1]); err != nil {
			return err
		}
	}
	return nil
}

// providerEntry is the path of the list's entry whose id field is model.
func providerEntry(doc *JSONDoc, list []string, id, model string) ([]string, bool) {
	for i := 0; ; i++ {
		at := append(append([]string(nil), list...), strconv.Itoa(i))
		if doc.Lookup(at...) == nil {
			return nil, false
		}
		if v, _ := doc.Str(append(at, id)...); v == model {
			return at, true
		}
	}
}
