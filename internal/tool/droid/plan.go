package droid

import (
	"strconv"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// PlanFiles writes our custom model into the user's settings.json and
// selects it with sessionDefaultSettings.model. Our entry is the one whose
// displayName is the profile's name, else the one with the same baseUrl
// and model; with neither, a new entry is appended: every other entry
// keeps its place (an id counts the earlier entries of its name).
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	c, doc, err := writers.ReadJSON(Settings(o.Env), "{}\n", true)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	kind := o.Option(providerOption.Name)
	rule := Wire(kind)
	base := rule.BaseFor(p)
	key := p.Key
	env := o.Option(authOption.Name) == "env"
	if env {
		key = "${" + p.KeyVar + "}"
	}
	name := displayName(p)
	at, how := ourEntry(doc, name, base, p.Model)
	if at < 0 {
		entry := writers.OrderedObjectAny([][2]any{{Model, p.Model}, {DisplayName, name}, {BaseURL, base},
			{APIKey, key}, {Provider, kind}, {MaxOutputTokens, DefaultMaxOutputTokens}})
		if ok, err := doc.AppendTo([]string{CustomModels}, entry); err != nil {
			return nil, err
		} else if !ok {
			if _, err := doc.Set([]string{CustomModels}, []any{entry}); err != nil {
				return nil, err
			}
		}
		at = count(doc) - 1
		c.Notef("added customModels[%d] (%q)", at, name)
	} else {
		pre := []string{CustomModels, strconv.Itoa(at)}
		if old, ok := doc.Str(append(pre, APIKey)...); ok {
			c.AddSecrets(old)
		}
		if got, _ := doc.Str(append(pre, DisplayName)...); got != "" {
			name = got
		}
		changed := false
		for _, kv := range [][2]string{{Model, p.Model}, {BaseURL, base}, {APIKey, key}, {Provider, kind}} {
			ch, err := doc.Set(append(pre, kv[0]), kv[1])
			if err != nil {
				return nil, err
			}
			changed = changed || ch
		}
		if doc.Lookup(append(pre, MaxOutputTokens)...) == nil {
			if _, err := doc.Set(append(pre, MaxOutputTokens), DefaultMaxOutputTokens); err != nil {
				return nil, err
			}
			changed = true
		}
		if changed {
			c.Notef("updated customModels[%d] (%q), matched by %s", at, name, how)
		}
	}
	id := ModelID(name, sameNameBefore(doc, name, at))
	if _, err := doc.Set([]string{SessionDefaults, Model}, id); err != nil {
		return nil, err
	}
	c.New = doc.Bytes()
	c.Finish(!env, 0o600)
	return []*writers.Change{c}, nil
}

// displayName is the name setup gives our entry: the profile's.
func displayName(p gateway.Profile) string {
	if n := p.Name(); n != "" {
		return n
	}
	return "keydoctor"
}

// ourEntry is the index of our entry and what matched it (-1: none).
func ourEntry(doc *writers.JSONDoc, name, base, model string) (int, string) {
	n := count(doc)
	for i := 0; i < n; i++ {
		if d, _ := doc.Str(CustomModels, strconv.Itoa(i), DisplayName); Slug(d) == Slug(name) {
			return i, "displayName " + strconv.Quote(name)
		}
	}
	for i := 0; i < n; i++ {
		b, _ := doc.Str(CustomModels, strconv.Itoa(i), BaseURL)
		m, _ := doc.Str(CustomModels, strconv.Itoa(i), Model)
		if b == base && m == model {
			return i, "baseUrl and model"
		}
	}
	return -1, ""
}

// count is the number of elements of customModels.
func count(doc *writers.JSONDoc) int {
	n := 0
	for doc.Lookup(CustomModels, strconv.Itoa(n)) != nil {
		n++
	}
	return n
}

// sameNameBefore counts the entries before at whose name has name's slug.
func sameNameBefore(doc *writers.JSONDoc, name string, at int) int {
	n := 0
	for i := 0; i < at; i++ {
		if d, _ := doc.Str(CustomModels, strconv.Itoa(i), DisplayName); Slug(d) == Slug(name) {
			n++
		}
	}
	return n
}

// PlanKeptForms keeps, on use, the provider of the entry Droid runs and
// the "${VAR}" form (when the profile's key is in a variable for it to
// name).
func (impl) PlanKeptForms(snap *discover.Snapshot, t discover.Tool, keyInVar bool) map[string]string {
	out := map[string]string{}
	if _, e := StateOf(snap).Selected(); e != nil && e.Kind.Value != "" {
		for _, k := range Providers {
			if k == e.Kind.Value {
				out[providerOption.Name] = k
			}
		}
	}
	if t.KeyVar.Set() && keyInVar {
		out[authOption.Name] = "env"
	}
	return out
}
