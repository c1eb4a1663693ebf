package wire

import (
	"regexp"

	"github.com/keydoctor/keydoctor/internal/discover"
)

// varName matches what can be an environment variable's name.
var varName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Paths turns the tools discovery resolved into the paths their
// requests take: each tool's effective base URL exactly as configured, its
// key and the header it sends it in, its model, its protocol. A tool whose
// base URL is its vendor's built-in default is not a gateway path and is
// not probed. model is the profile's model, used for programs that pick
// their model in code (the SDKs) when none is configured.
func Paths(s *discover.Snapshot, model string) []Path {
	var out []Path
	for _, t := range s.Tools {
		p := Path{
			Tool:        t.ID,
			Rule:        t.Rule,
			Protocol:    t.Rule.Protocol,
			Base:        t.Base.Value,
			Key:         t.Key.Value,
			KeyVar:      keyVar(s, t),
			Auth:        t.Auth,
			Model:       t.Model.Value,
			BaseSource:  t.Base.Source.Where(s.Env),
			KeySource:   t.Key.Source.Where(s.Env),
			ModelSource: t.Model.Source.Where(s.Env),
			NoKey:       t.NoKeyNeeded,
		}
		if t.Base.Source.IsVar() {
			if at, ok := s.ExportedBy(t.Base.Source.Key); ok {
				p.BaseExport = at.Display(s.Env)
			}
		}
		if t.Model.Source.Default { // Claude Code's built-in model: the fix sets it in settings.json
			p.ModelSource = t.Places.Model.Display(s.Env)
		}
		if bg := t.Background(); bg.Value != "" {
			p.BackgroundModel, p.BackgroundSource = bg.Value, bg.Source.Where(s.Env)
			if p.BackgroundDefault = bg.Source.Default; p.BackgroundDefault {
				p.BackgroundSource = t.Places.Model.Display(s.Env) // Claude Code's settings.json
			}
		}
		if p.Auth == "" { // no key, or apiKeyHelper's: the tool's row
			p.Auth = t.Rule.Auth
		}
		switch {
		case t.Base.Source.Default:
			p.Skip = t.Label + " uses its vendor's built-in " + t.Base.Value + ", not a gateway"
		case t.KeyName == discover.KeyHelper:
			p.Skip = "the key comes from apiKeyHelper, which keydoctor does not run"
		default:
			p.Skip = s.ProjectHostForeignKey(t)
		}
		if p.Model == "" && !t.NeedsModel {
			p.Model = model
		}
		out = append(out, p)
	}
	return out
}

// keyVar is the variable a curl command should read the key from: the one
// it came from, else the one the tool names, else the preset's.
func keyVar(s *discover.Snapshot, t discover.Tool) string {
	if t.Key.Source.IsVar() {
		return t.Key.Source.Key
	}
	if varName.MatchString(t.KeyName) {
		return t.KeyName
	}
	if s.Vars.Key != "" {
		return s.Vars.Key
	}
	return "API_KEY"
}
