package checks

import (
	"context"
	"fmt"
	"slices"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// ProfileSet is what the profile checks compare the tools with: the
// stored profiles (keys read, never printed), the default one, and the
// repository's team file.
type ProfileSet struct {
	Resolved []profile.Resolved
	Default  string
	Team     *profile.Team
}

// OpenProfileSet is what doctor compares the tools with: the stored
// profiles and team; nil when there are neither profiles nor a team file
// (or the store does not read: the command's load already said why).
func OpenProfileSet(e *env.Env, team *profile.Team) *ProfileSet {
	st, err := profile.Open(e)
	if err != nil || (len(st.Names()) == 0 && team == nil) {
		return nil
	}
	return &ProfileSet{Resolved: st.Resolve(e), Default: st.Default, Team: team}
}

// profilesCheck names the profile each tool is on (profile-in-use),
// reports a file holding a key no profile has (key-orphaned), and each
// tool that drifted from the team file (team-drift).
type profilesCheck struct {
	snap *discover.Snapshot
	set  *ProfileSet
}

func (profilesCheck) Name() string { return "profiles" }

func (c profilesCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	if c.set == nil {
		return nil
	}
	var out []doctor.Finding
	for _, t := range c.snap.Tools {
		if !t.Base.Configured() || t.MCP {
			continue
		}
		if len(c.set.Resolved) > 0 {
			out = append(out, c.inUse(t))
			if f, ok := c.orphaned(e, t); ok {
				out = append(out, f)
			}
		}
		out = append(out, c.drift(e, t)...)
	}
	return out
}

func (c profilesCheck) inUse(t discover.Tool) doctor.Finding {
	n := profile.Match(c.set.Resolved, profile.Triple{Root: t.Base.Value, Model: t.Model.Value, Key: t.Key.Value})
	def := "no default profile"
	if c.set.Default != "" {
		def = "the default profile is " + c.set.Default
	}
	msg := fmt.Sprintf("%s is on profile %s (%s)", t.Label, n, def)
	if n == "" {
		msg = fmt.Sprintf("%s is on profile none: its base URL, model and key match no stored profile (%s)", t.Label, def)
	}
	f := doctor.Finding{Code: catalog.ProfileInUse, Status: doctor.Info, Tool: t.ID, Message: msg}
	if n == "" {
		f.Fix = catalog.Render(catalog.ProfileInUse, catalog.Slots{Tool: t.Label})
	}
	return f
}

// orphaned: a key written into a file that no profile holds (left behind
// by a rotation that did not reach this file, or typed by hand).
func (c profilesCheck) orphaned(e *env.Env, t discover.Tool) (doctor.Finding, bool) {
	k := t.Key
	// A key command's setting (a key helper, a "!command") is no key.
	if k.Value == "" || t.KeyCommand || k.Source.File == "" || profile.Owns(c.set.Resolved, k.Value) {
		return doctor.Finding{}, false
	}
	at := k.Source.Display(e)
	return doctor.Finding{Code: catalog.KeyOrphaned, Status: doctor.Warning, Tool: t.ID, Source: at,
		Message: fmt.Sprintf("%s holds a key (%s) that belongs to no profile", k.Source.Where(e), doctor.ShowKey(k.Value)),
		Fix:     catalog.Render(catalog.KeyOrphaned, catalog.Slots{File: at, Command: `printf '%s\n' "$KEY" | keydoctor profile add NAME --key-stdin`})}, true
}

// drift compares a tool the team file lists with the team's gateway,
// model, background model and key variable.
func (c profilesCheck) drift(e *env.Env, t discover.Tool) []doctor.Finding {
	tm := c.set.Team
	if tm == nil || (len(tm.Tools) > 0 && !slices.Contains(tm.Tools, string(t.ID))) {
		return nil
	}
	d := drifts{e: e, t: t, team: e.Tilde(tm.Path), keyEnv: tm.KeyEnv}
	want := profile.Profile{Preset: tm.Preset, BaseURL: tm.BaseURL, Roots: tm.Roots}
	root := t.Base.Value
	if n, err := gateway.Normalize(root); err == nil {
		root = n.Root
	}
	if r := want.RootOf(t.Rule.Protocol.Family()); r != "" && root != r { // like with like: a Messages tool at the team's Anthropic root
		d.add("the base URL", t.Base.Value, r, t.Base, r)
	}
	if tm.Model != "" && t.Model.Value != tm.Model {
		d.add("the model", t.Model.Value, tm.Model, t.Model, tm.Model)
	}
	if bg := t.Background(); tm.BackgroundModel != "" && bg.Set() && bg.Value != tm.BackgroundModel {
		got := bg.Value
		if bg.Source.Default {
			got += " (its default)"
		}
		d.add("the background model", got, tm.BackgroundModel, bg, tm.BackgroundModel)
	}
	if tm.KeyEnv != "" {
		d.key()
	}
	return d.out
}

// drifts collects one tool's team-drift findings.
type drifts struct {
	e    *env.Env
	t    discover.Tool
	team string
	// keyEnv is the team's key_env.
	keyEnv string
	out    []doctor.Finding
}

// add reports part as got where the team says exp; set is the value a
// fix writes at v's place ("" for none: the key itself).
func (d *drifts) add(part, got, exp string, v discover.Value, set string) {
	slots := catalog.Slots{Tool: d.t.Label, Command: "keydoctor setup --yes --tools " + string(d.t.ID)}
	if set != "" && v.Source.File != "" && v.Source.Key != "" {
		slots.Key, slots.Value, slots.File = v.Source.Key, set, v.Source.Display(d.e)
	}
	if set == "" && profile.CheckKeyEnv(d.keyEnv) == nil { // the key: setup writes the one the team's variable holds
		slots.Command += " --key-env " + d.keyEnv
	}
	d.out = append(d.out, doctor.Finding{Code: catalog.TeamDrift, Status: doctor.Warning, Tool: d.t.ID, Source: v.Source.Display(d.e),
		Message: fmt.Sprintf("%s: %s is %s, the team's %s says %s (%s)", d.t.Label, part, orDash(got), d.team, exp, v.Source.Where(d.e)),
		Fix:     catalog.Render(catalog.TeamDrift, slots)})
}

// key compares where the tool's key comes from with the team's key_env: a
// tool whose config names a variable must name that one; a tool that
// holds its key (in a file, or a variable of a fixed name) must hold the
// key that variable holds, when it is set (keys compared, never printed
// unmasked).
func (d *drifts) key() {
	t, keyEnv := d.t, d.keyEnv
	if v := t.KeyVar; v.Value != "" {
		if v.Value != keyEnv {
			d.add("the key variable", v.Value, keyEnv, v, keyEnv)
		}
		return
	}
	want, ok := d.e.Lookup(keyEnv)
	if !ok || want == "" || t.Key.Value == "" || t.Key.Value == want {
		return
	}
	d.add("the key", doctor.ShowKey(t.Key.Value), "the one in $"+keyEnv+" ("+doctor.ShowKey(want)+")", t.Key, "")
}

func orDash(s string) string {
	if s == "" {
		return "(not set)"
	}
	return s
}
