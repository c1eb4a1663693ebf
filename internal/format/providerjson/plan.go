package providerjson

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/writers"
)

// Key is where the config setup writes puts the key.
type Key int

const (
	// KeyAuthFile: in the auth file (options.apiKey, which beats it, removed).
	KeyAuthFile Key = iota
	// KeyEnv: "{env:VAR}" in options.apiKey, naming the profile's variable.
	KeyEnv
	// KeyInline: the key itself in options.apiKey (the config becomes a
	// secret file, 0600).
	KeyInline
)

// Plan is one write of the global config: the provider id, its npm
// package (Compat or AnthropicNPM) and where the key goes.
type Plan struct {
	ID, NPM string
	Key     Key
}

// ProviderID is the provider id setup writes: the preset's name.
func ProviderID(p gateway.Profile) string {
	if n := p.Name(); n != "" {
		return n
	}
	return "keydoctor"
}

type set struct {
	path  []string
	value any
}

// PlanConfig writes our provider into the global config: the npm package,
// the base URL, the model declared under models (an existing declaration
// is kept: it may carry the user's limits and name), the top-level
// "ID/MODEL" and the key as pl.Key says. Every other byte is kept, so what
// the tool adds to its own file ($schema, permission) stays.
func (f Format) PlanConfig(o writers.Options, pl Plan) (*writers.Change, error) {
	path := f.Config(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	src := c.Old
	if !c.Existed || len(src) == 0 {
		src = []byte(f.NewConfig)
	}
	doc, err := writers.ParseJSON(path, src, true)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	id := pl.ID
	prov := []string{ProviderKey, id}
	apiKey := append(prov, Options, APIKey)
	if old, ok := doc.Str(apiKey...); ok {
		c.AddSecrets(old)
	}
	sets := []set{
		{append(prov, NPM), pl.NPM},
		{append(prov, Options, BaseURL), f.Rule(Provider{NPM: discover.Value{Value: pl.NPM}}).BaseFor(p)},
		{[]string{Model}, id + "/" + p.Model},
	}
	if doc.Lookup(append(prov, Models, p.Model)...) == nil {
		sets = append(sets, set{append(prov, Models, p.Model), map[string]any{}})
	}
	switch pl.Key {
	case KeyEnv:
		sets = append(sets, set{apiKey, "{env:" + p.KeyVar + "}"})
	case KeyInline:
		sets = append(sets, set{apiKey, p.Key})
	default:
		if doc.Remove(apiKey...) {
			// options.apiKey beats the auth file (an unset {env:VAR} too).
			c.Notef("removed provider.%s.options.apiKey: it beats the key in auth.json", id)
		}
	}
	for _, s := range sets {
		if _, err := doc.Set(s.path, s.value); err != nil {
			return nil, err
		}
	}
	c.New = doc.Bytes()
	c.Finish(pl.Key == KeyInline, 0o644)
	return c, nil
}

// PlanAuth writes the key into the auth file as the provider's API key;
// it refuses a provider held by another kind of login (logout names the
// tool's command that removes it).
func (f Format) PlanAuth(o writers.Options, id, logout string) (*writers.Change, error) {
	path := f.Auth(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	src := c.Old
	if !c.Existed || len(src) == 0 {
		src = []byte("{}\n")
	}
	doc, err := writers.ParseJSON(path, src, false)
	if err != nil {
		return nil, err
	}
	if old, ok := doc.Str(id, AuthKey); ok {
		c.AddSecrets(old)
	}
	if v := doc.Lookup(id); v != nil {
		if typ, _ := doc.Str(id, AuthType); typ != AuthAPI {
			return nil, writers.Refuse(path, "remove that login with '"+logout+"', then run setup again", "%q holds a %q login, not an API key", id, typ)
		}
	}
	for _, kv := range [][2]string{{AuthType, AuthAPI}, {AuthKey, o.Profile.Key}} {
		if _, err := doc.Set([]string{id, kv[0]}, kv[1]); err != nil {
			return nil, err
		}
	}
	c.New = doc.Bytes()
	c.Finish(true, 0o600)
	return c, nil
}
