package setup

import (
	"slices"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// FormKeeper is what a tool package implements (its tool.Tool's Impl)
// for use to keep the form of one of its instances in snap (the header
// its key goes in, the variable it names, its provider id): the tool options
// (writers.Options.ToolOptions) that write it so again. A switch changes
// the gateway, not the form. keyInVar says the profile's key is in a
// variable (which a form that names one may then keep naming).
type FormKeeper interface {
	PlanKeptForms(snap *discover.Snapshot, t discover.Tool, keyInVar bool) map[string]string
}

// NamesKeeper is what a tool package implements when its file holds the
// triple under variable names of its own choosing (a project's .env of
// TAOTOKEN_* switched to a custom gateway keeps TAOTOKEN_*: the project's
// code reads those names). vars are the names to keep (nil: the
// profile's); holds says the file holds a triple at all, so that use
// switches it too.
type NamesKeeper interface {
	KeptNames(snap *discover.Snapshot, p gateway.Profile) (vars *tool.Vars, holds bool)
}

// Kept is what a switch to another profile keeps of the files as they
// are now.
type Kept struct {
	ToolOptions map[string]string
	DotEnvVars  *tool.Vars // writers.Options.DotEnvVars
	// Holding are the tools whose files hold a triple under kept names,
	// switched even when not configured for a gateway now.
	Holding []gateway.ToolID
	// Tools are those use switches when --tools names none (UseTools).
	Tools []string
}

// KeepOnUse reads the files of project and the home, and says what use
// keeps of them when it writes p: each tool package's FormKeeper and
// NamesKeeper, asked in registry order.
func KeepOnUse(e *env.Env, p gateway.Profile, project string) Kept {
	snap := discover.Discover(e, discover.OptionsFor(p, project))
	var k Kept
	inVar := p.KeyVar != "" && p.Key != "" && e.Getenv(p.KeyVar) == p.Key
	for _, t := range snap.Tools {
		d, _ := tool.Lookup(string(t.ID))
		if fk, ok := d.Impl.(FormKeeper); ok {
			for name, v := range fk.PlanKeptForms(snap, t, inVar) {
				if k.ToolOptions == nil {
					k.ToolOptions = map[string]string{}
				}
				k.ToolOptions[name] = v
			}
		}
	}
	for _, d := range tool.All() {
		if nk, ok := d.Impl.(NamesKeeper); ok {
			vars, holds := nk.KeptNames(snap, p)
			if vars != nil {
				k.DotEnvVars = vars
			}
			if holds {
				k.Holding = append(k.Holding, d.ID)
			}
		}
	}
	k.Tools = UseTools(snap, k)
	return k
}

// UseTools are the tools use switches when --tools names none: those
// configured for a gateway now, and those holding a triple under kept
// names.
func UseTools(snap *discover.Snapshot, k Kept) []string {
	ids := ConfiguredTools(snap)
	for _, id := range k.Holding {
		if !slices.Contains(ids, string(id)) {
			ids = append(ids, string(id))
		}
	}
	return ids
}
