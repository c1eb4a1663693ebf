package discover

import (
	"errors"

	"github.com/keydoctor/keydoctor/internal/format/dotenv"
)

// ReadDotEnv reads one .env file for tool id: its assignments by name (the
// last one winning, as loaders do), each with its line. ok is false when
// the file does not exist; an unreadable or invalid file is a problem and
// gives no variables.
func (s *Snapshot) ReadDotEnv(id, path string) (vars map[string]Value, ok bool) {
	b, ok, err := ReadFile(path)
	if !ok {
		return nil, false
	}
	vars = map[string]Value{}
	if err != nil {
		s.AddProblem(Unreadable(id, path, err))
		return vars, true
	}
	f, err := dotenv.Parse(b)
	if err != nil {
		p := Problem{Tool: id, File: path, Message: "not a valid .env file: " + err.Error()}
		var se *dotenv.SyntaxError
		if errors.As(err, &se) {
			p.Line, p.Col, p.Message = se.Line, se.Col, "not a valid .env file: "+se.Msg
		}
		s.AddProblem(p)
		return vars, true
	}
	for _, en := range f.Entries() {
		vars[en.Key] = Value{Value: en.Value, Source: Source{File: path, Line: en.Line, Key: en.Key}}
	}
	return vars, true
}
