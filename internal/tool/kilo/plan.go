package kilo

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/providerjson"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

var (
	// authOption is setup's --kilo-auth: how the config holds the key.
	authOption = tool.Option{Name: "kilo-auth", Title: "Kilo Code auth", Values: []string{"file", "env"},
		Usage: "where Kilo Code finds the key: file (options.apiKey in its config, made 0600) or env ({env:VAR} naming the preset's variable)"}
	// protocolOption is setup's --kilo-protocol: the provider's npm package.
	protocolOption = tool.Option{Name: "kilo-protocol", Title: "Kilo Code protocol", Values: []string{"chat", "messages"},
		Usage: "the API Kilo Code speaks to the gateway: chat (@ai-sdk/openai-compatible) or messages (@ai-sdk/anthropic)"}
)

// The tool options use sets (no flag): the provider id the config's model
// is on, which PlanFiles then switches rather than adding one beside it.
const providerKept = "kilo-provider"

// PlanFiles writes our provider into Kilo's global config: the npm
// package of the chosen protocol, the base URL (…/v1 for both), the model
// declared under models, the top-level "ID/MODEL" and the key (or
// "{env:VAR}" with --kilo-auth env). Kilo's own additions to the file
// ($schema, permission) are bytes setup keeps.
func (impl) PlanFiles(o writers.Options, _ tool.Tool) ([]*writers.Change, error) {
	pl := providerjson.Plan{ID: o.Option(providerKept), NPM: providerjson.Compat, Key: providerjson.KeyInline}
	if pl.ID == "" {
		pl.ID = providerjson.ProviderID(o.Profile)
	}
	if o.Option(protocolOption.Name) == "messages" {
		pl.NPM = providerjson.AnthropicNPM
	}
	if o.Option(authOption.Name) == "env" {
		pl.Key = providerjson.KeyEnv
	}
	c, err := format.PlanConfig(o, pl)
	if err != nil {
		return nil, err
	}
	return []*writers.Change{c}, nil
}

// PlanKeptForms keeps, on use, the provider the model is on, its protocol
// and the {env:VAR} form (when the profile's key is in a variable for it
// to name).
func (impl) PlanKeptForms(snap *discover.Snapshot, t discover.Tool, keyInVar bool) map[string]string {
	out := map[string]string{}
	if _, id, _, p := StateOf(snap).Effective(); id != "" {
		out[providerKept] = id
		if p.NPM.Value == providerjson.AnthropicNPM {
			out[protocolOption.Name] = "messages"
		}
	}
	if t.KeyVar.Set() && keyInVar {
		out[authOption.Name] = "env"
	}
	return out
}
