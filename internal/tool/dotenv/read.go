package dotenv

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// dotenvID names .env in problems and paths.
const dotenvID = string(ID)

// State is the project's .env (StateOf).
type State struct {
	Path   string
	Exists bool
	// Vars are the assignments, the last one winning as loaders do.
	Vars map[string]discover.Value
}

// StateOf is what discovery read of the project's .env into s (empty
// when it did not read them).
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads the project's .env; the values it holds under a
// secret's name are masked in the run's output.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	d := &State{Path: File(s.Project), Vars: map[string]discover.Value{}}
	s.SetState(t.ID, d)
	s.NotePath(d.Path, string(t.ID))
	vars, ok := s.ReadDotEnv(string(t.ID), d.Path)
	if !ok {
		return
	}
	d.Exists, d.Vars = true, vars
	environ := make([]string, 0, len(vars))
	for name, v := range vars {
		environ = append(environ, name+"="+v.Value)
	}
	s.MaskEnviron(environ)
}

// Resolve makes a tool of each variable family the .env carries.
// Programs load .env with dotenv libraries, which by default do not
// override a variable already set in the environment (Loaders): an
// exported shell variable beats the file.
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool {
	d := StateOf(s)
	if len(d.Vars) == 0 {
		return nil
	}
	// This tool is the file: a variable it does not set is not read from
	// the environment alone.
	eff := func(name string) discover.Value {
		if _, inFile := d.Vars[name]; !inFile {
			return discover.Value{}
		}
		if !shellWins() {
			return d.Vars[name]
		}
		return s.ShellOver(d.Vars, name)
	}
	var out []discover.Tool
	for _, f := range s.Families() {
		_, hasBase := d.Vars[f.Base]
		_, hasKey := d.Vars[f.Key]
		_, hasAlt := d.Vars[f.AltKey]
		if !hasBase && !hasKey && !hasAlt {
			continue
		}
		t := discover.Tool{ID: ID, Rule: tool.Wire(f.ID), Label: ".env " + familyName(f.Base), KeyName: f.Key,
			Base: eff(f.Base), Key: eff(f.Key), Model: eff(f.Model), NeedsModel: f.ID == t.ID}
		t.Places = discover.Places{Base: discover.Source{File: d.Path, Key: f.Base}, Key: discover.Source{File: d.Path, Key: f.Key}, Model: discover.Source{File: d.Path, Key: f.Model}}
		if !t.Key.Set() && f.AltKey != "" {
			t.Key, t.KeyName = eff(f.AltKey), f.AltKey
		}
		if t.Key.Set() {
			t.Credentials = []discover.Value{t.Key}
		}
		out = append(out, t)
	}
	return out
}

// familyName is PREFIX_* for PREFIX_BASE_URL.
func familyName(baseVar string) string {
	if i := strings.Index(baseVar, "_"); i > 0 {
		return baseVar[:i] + "_*"
	}
	return baseVar
}
