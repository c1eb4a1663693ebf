package discover

import (
	"errors"
	"strings"

	"github.com/keydoctor/keydoctor/internal/dotenv"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// dotenvID names .env in problems and paths.
const dotenvID = string(gateway.DotEnv)

// DotEnv is the project's .env.
type DotEnv struct {
	Path   string
	Exists bool
	// Vars are the assignments, the last one winning as loaders do.
	Vars map[string]Value
}

func (s *Snapshot) readDotEnv(tool.Tool) {
	d := &s.DotEnv
	d.Path = tool.DotEnvFile(s.Project)
	d.Vars = map[string]Value{}
	s.notePath(d.Path, dotenvID)
	b, ok, err := readFile(d.Path)
	if !ok {
		return
	}
	d.Exists = true
	if err != nil {
		s.addProblem(unreadable(dotenvID, d.Path, err))
		return
	}
	f, err := dotenv.Parse(b)
	if err != nil {
		p := Problem{Tool: dotenvID, File: d.Path, Message: "not a valid .env file: " + err.Error()}
		var se *dotenv.SyntaxError
		if errors.As(err, &se) {
			p.Line, p.Col, p.Message = se.Line, se.Col, "not a valid .env file: "+se.Msg
		}
		s.addProblem(p)
		return
	}
	for _, en := range f.Entries() {
		d.Vars[en.Key] = Value{Value: en.Value, Source: Source{File: d.Path, Line: en.Line, Key: en.Key}}
	}
}

// resolveDotEnv makes a tool of each variable family the .env carries.
// Programs load .env with dotenv libraries (python-dotenv, node dotenv,
// godotenv), which by default do not override a variable already set in
// the environment: an exported shell variable beats the file.
func (s *Snapshot) resolveDotEnv(tool.Tool) []Tool {
	if len(s.DotEnv.Vars) == 0 {
		return nil
	}
	eff := func(name string) Value {
		if name == "" {
			return Value{}
		}
		fileV, inFile := s.DotEnv.Vars[name]
		shell := s.Shell(name)
		switch {
		case inFile && shell.Set():
			shell.Overrides = []Value{fileV}
			return shell
		case inFile:
			return fileV
		}
		return Value{}
	}
	var out []Tool
	for _, f := range s.families() {
		_, hasBase := s.DotEnv.Vars[f.base]
		_, hasKey := s.DotEnv.Vars[f.key]
		_, hasAlt := s.DotEnv.Vars[f.altKey]
		if !hasBase && !hasKey && !hasAlt {
			continue
		}
		t := Tool{ID: gateway.DotEnv, Rule: tool.Wire(f.id), Label: ".env " + familyName(f.base), KeyName: f.key,
			Base: eff(f.base), Key: eff(f.key), Model: eff(f.model), NeedsModel: f.id == gateway.DotEnv}
		d := s.DotEnv.Path
		t.Places = Places{Source{File: d, Key: f.base}, Source{File: d, Key: f.key}, Source{File: d, Key: f.model}}
		if !t.Key.Set() && f.altKey != "" {
			t.Key, t.KeyName = eff(f.altKey), f.altKey
		}
		if t.Key.Set() {
			t.Credentials = []Value{t.Key}
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
