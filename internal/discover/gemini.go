package discover

import (
	"errors"

	"github.com/keydoctor/keydoctor/internal/dotenv"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// geminiID names Gemini CLI in problems and paths.
const geminiID = string(gateway.GeminiCLI)

// Gemini is what Gemini CLI reads (docs/tools.md, "Gemini CLI"): the
// variables of the one .env it loads when started in the project (the
// first found walking up; files never merge), and its settings.
type Gemini struct {
	// EnvPath is the .env it loads started in the project ("" when none
	// exists); Vars its assignments.
	EnvPath string
	Vars    map[string]Value
	// Own is ~/.gemini/.env, where setup writes; OwnVars its assignments
	// when another file hides it (EnvPath != Own).
	Own     string
	OwnVars map[string]Value
	// Settings is settings.json; AuthType its saved auth type and
	// UsageStats its privacy.usageStatisticsEnabled (unset: true).
	Settings   string
	AuthType   Value
	UsageStats *bool
	usageLine  int
}

func (s *Snapshot) readGemini(t tool.Tool) {
	g := &s.Gemini
	g.Own, g.Settings = tool.GeminiEnv(s.Env), tool.GeminiSettings(s.Env)
	s.notePath(g.Settings, geminiID)
	if doc, prob := load(geminiID, g.Settings, true); prob != nil {
		s.addProblem(*prob)
	} else if doc != nil {
		if v, ok, prob := doc.str(geminiID, tool.GeminiAuthType, tool.GeminiAuthType); ok {
			g.AuthType = v
		} else if prob != nil {
			s.addProblem(*prob)
		}
		if r := doc.get(tool.GeminiUsageStats); r.IsBool() {
			b := r.Bool()
			g.UsageStats, g.usageLine = &b, doc.source(r, "").Line
		}
	}
	for _, f := range tool.GeminiEnvFiles(s.Env, s.Project) {
		if vars, ok := s.readGeminiEnv(f); ok {
			g.EnvPath, g.Vars = f, vars
			break
		}
	}
	if g.EnvPath != g.Own {
		g.OwnVars, _ = s.readGeminiEnv(g.Own)
	}
}

// readGeminiEnv reads one .env; ok is false when it does not exist.
func (s *Snapshot) readGeminiEnv(path string) (map[string]Value, bool) {
	b, ok, err := readFile(path)
	if !ok {
		return nil, false
	}
	s.notePath(path, geminiID)
	vars := map[string]Value{}
	if err != nil {
		s.addProblem(unreadable(geminiID, path, err))
		return vars, true
	}
	f, err := dotenv.Parse(b)
	if err != nil {
		p := Problem{Tool: geminiID, File: path, Message: "not a valid .env file: " + err.Error()}
		var se *dotenv.SyntaxError
		if errors.As(err, &se) {
			p.Line, p.Col, p.Message = se.Line, se.Col, "not a valid .env file: "+se.Msg
		}
		s.addProblem(p)
		return vars, true
	}
	for _, en := range f.Entries() {
		vars[en.Key] = Value{Value: en.Value, Source: Source{File: path, Line: en.Line, Key: en.Key}}
	}
	return vars, true
}

// resolveGemini is Gemini CLI's triple: an exported variable beats the
// loaded .env (dotenv does not override the environment).
func (s *Snapshot) resolveGemini(t tool.Tool) []Tool {
	g := &s.Gemini
	eff := func(name string) Value {
		fileV, inFile := g.Vars[name]
		shell := s.Shell(name)
		switch {
		case inFile && shell.Set():
			shell.Overrides = []Value{fileV}
			return shell
		case inFile:
			return fileV
		}
		return shell
	}
	v := tool.GeminiVars
	r := Tool{ID: t.ID, Rule: t.Tool, Label: t.Title, NeedsModel: true, KeyName: v.Key,
		Base: eff(v.BaseURL), Key: eff(v.Key), Model: eff(v.Model), Auth: t.Auth,
		Places: Places{Source{File: g.Own, Key: v.BaseURL}, Source{File: g.Own, Key: v.Key}, Source{File: g.Own, Key: v.Model}}}
	if !r.Base.Set() && !r.Key.Set() && !r.Model.Set() {
		return nil
	}
	if r.Key.Set() {
		r.Credentials = []Value{r.Key}
	}
	return []Tool{r}
}
