package opencode

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/providerjson"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// authOption is setup's --opencode-auth: how the files hold the key.
var authOption = tool.Option{Name: "opencode-auth", Title: "OpenCode auth", Values: []string{"file", "env"},
	Usage: "where OpenCode finds the key: file (auth.json) or env ({env:VAR} naming the preset's variable)"}

// PlanFiles writes our provider into OpenCode's global config (an
// openai-compatible provider with the base URL and the model declared
// under models, and the top-level "ID/MODEL") and the key into auth.json,
// or as "{env:VAR}" with --opencode-auth env.
func (impl) PlanFiles(o writers.Options, _ tool.Tool) ([]*writers.Change, error) {
	pl := providerjson.Plan{ID: o.Option(providerKept), NPM: providerjson.Compat}
	if pl.ID == "" {
		pl.ID = providerjson.ProviderID(o.Profile)
	}
	if o.Option(authOption.Name) == "env" {
		pl.Key = providerjson.KeyEnv
	}
	cfg, err := format.PlanConfig(o, pl)
	if err != nil {
		return nil, err
	}
	out := []*writers.Change{cfg}
	if pl.Key == providerjson.KeyAuthFile {
		auth, err := format.PlanAuth(o, pl.ID, "opencode auth logout")
		if err != nil {
			return nil, err
		}
		out = append(out, auth)
	}
	return out, nil
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
