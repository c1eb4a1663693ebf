package opencode

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// authOption is setup's --opencode-auth: how the files hold the key.
var authOption = tool.Option{Name: "opencode-auth", Title: "OpenCode auth", Values: []string{"file", "env"},
	Usage: "where OpenCode finds the key: file (auth.json) or env ({env:VAR} naming the preset's variable)"}

// newConfig is the shape of a fresh global config: OpenCode inserts the
// $schema line itself on its first run, so writing it keeps that run from
// rewriting the file.
const newConfig = "{\n  \"$schema\": \"https://opencode.ai/config.json\"\n}\n"

// PlanFiles writes our provider into OpenCode's global config (an
// openai-compatible provider with the base URL and the model declared
// under models, and the top-level "ID/MODEL") and the key into auth.json,
// or as "{env:VAR}" with --opencode-auth env.
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	id := o.Option(providerKept)
	if id == "" {
		id = providerID(o.Profile)
	}
	cfg, err := planConfig(o, t, id)
	if err != nil {
		return nil, err
	}
	out := []*writers.Change{cfg}
	if o.Option(authOption.Name) != "env" {
		auth, err := planAuth(o, id)
		if err != nil {
			return nil, err
		}
		out = append(out, auth)
	}
	return out, nil
}

// providerID is the provider id setup writes: the preset's name.
func providerID(p gateway.Profile) string {
	if n := p.Name(); n != "" {
		return n
	}
	return "keydoctor"
}

func planConfig(o writers.Options, t tool.Tool, id string) (*writers.Change, error) {
	path := Config(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	src := c.Old
	if !c.Existed || len(src) == 0 {
		src = []byte(newConfig)
	}
	doc, err := writers.ParseJSON(path, src, true)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	prov := []string{ProviderKey, id}
	apiKey := append(prov, Options, APIKey)
	if old, ok := doc.Str(apiKey...); ok {
		c.AddSecrets(old)
	}
	sets := []struct {
		path  []string
		value any
	}{
		{append(prov, NPM), Compat},
		{append(prov, Options, BaseURL), t.BaseFor(p)},
		{[]string{Model}, id + "/" + p.Model},
	}
	// Declare the model only when it is not: an existing declaration may
	// carry the user's limits and name.
	if doc.Lookup(append(prov, Models, p.Model)...) == nil {
		sets = append(sets, struct {
			path  []string
			value any
		}{append(prov, Models, p.Model), map[string]any{}})
	}
	if o.Option(authOption.Name) == "env" {
		sets = append(sets, struct {
			path  []string
			value any
		}{apiKey, "{env:" + p.KeyVar + "}"})
	} else if doc.Remove(apiKey...) {
		// options.apiKey beats auth.json (an unset {env:VAR} too).
		c.Notef("removed provider.%s.options.apiKey: it beats the key in auth.json", id)
	}
	for _, s := range sets {
		if _, err := doc.Set(s.path, s.value); err != nil {
			return nil, err
		}
	}
	c.New = doc.Bytes()
	c.Finish(false, 0o644)
	return c, nil
}

func planAuth(o writers.Options, id string) (*writers.Change, error) {
	path := Auth(o.Env)
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
			return nil, writers.Refuse(path, "remove that login with 'opencode auth logout', then run setup again", "%q holds a %q login, not an API key", id, typ)
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

// providerKept is the tool option (no flag: use sets it) naming the
// provider id the config's model is on, which PlanFiles then writes.
const providerKept = "opencode-provider"

// PlanKeptForms keeps, on use, the provider the model is on (switch it,
// not add one beside it) and the {env:VAR} form (when the profile's key
// is in a variable for it to name).
func (impl) PlanKeptForms(snap *discover.Snapshot, t discover.Tool, keyInVar bool) map[string]string {
	out := map[string]string{}
	if _, id, _, _ := StateOf(snap).Effective(); id != "" {
		out[providerKept] = id
	}
	if t.KeyVar.Set() && keyInVar {
		out[authOption.Name] = "env"
	}
	return out
}
