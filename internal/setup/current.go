package setup

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
)

// CurrentFiles reads what the tools setup will write hold now (tools, as
// --tools lists them; all the configured ones when empty): a setup made
// before profiles existed keeps those values for the fields not given.
func CurrentFiles(e *env.Env, project, tools string) profile.Current {
	var only []gateway.ToolID
	if tools != "" {
		only, _ = tool.ParseSetup(tools) // a bad list is refused later, by name
	}
	// Discovery reads .env under every preset's names (a custom gateway's
	// GATEWAY_* too), whatever the default profile's preset is.
	snap := discover.Discover(e, discover.Options{Project: project})
	cur := profile.FromTools(snap, only)
	// A custom gateway in the files would make the run a custom preset's
	// and hide the default preset's variables: with one of them set, the
	// user works with that preset.
	if l := cur.Layer; l != nil && l.Preset == "" {
		v := templates.Default().Vars
		for _, name := range []string{v.BaseURL, v.APIKey, v.Model, "KEYDOCTOR_BASE_URL", "KEYDOCTOR_API_KEY", "KEYDOCTOR_MODEL"} {
			if _, set := e.Lookup(name); set {
				l.Preset = templates.DefaultPreset
				break
			}
		}
	}
	return cur
}

// KeptFromFiles says which value was kept where the tools disagreed, and
// refuses a field they disagree on with no majority when nothing else
// (flag, variable, team file) gives it: the preset's default would
// silently replace every tool's value.
func KeptFromFiles(cur *profile.Current, p *gateway.Profile) error {
	if cur == nil {
		return nil
	}
	for _, f := range []gateway.Field{gateway.FieldBaseURL, gateway.FieldModel, gateway.FieldBackgroundModel, gateway.FieldKey} {
		src := p.Source(f)
		if msg, ok := cur.Conflicts[f]; ok && (src == "" || strings.HasPrefix(src, "preset ")) {
			return &gateway.UsageError{Msg: msg, Hint: conflictHint(f)}
		}
		if msg, ok := cur.Notes[f]; ok && src == profile.FilesSource {
			p.Notes = append(p.Notes, gateway.Note{Message: msg + "; " + conflictHint(f) + " to choose"})
		}
	}
	return nil
}

// conflictHint names the flag that settles a field the files disagree on.
func conflictHint(f gateway.Field) string {
	switch f {
	case gateway.FieldBaseURL:
		return "pass --base-url URL"
	case gateway.FieldBackgroundModel:
		return "pass --background-model ID"
	case gateway.FieldKey:
		return "pass --key-env NAME or --key-stdin"
	}
	return "pass --model ID"
}
