package gemini

import (
	"github.com/keydoctor/keydoctor/internal/discover"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// geminiID names Gemini CLI in problems and paths.
const geminiID = string(ID)

// State is what Gemini CLI reads (docs/tools.md, "Gemini CLI"): the
// variables of the one .env it loads when started in the project (the
// first found walking up; files never merge), and its settings.
type State struct {
	// EnvPath is the .env it loads started in the project ("" when none
	// exists); Vars its assignments.
	EnvPath string
	Vars    map[string]discover.Value
	// Own is ~/.gemini/.env, where setup writes; OwnVars its assignments
	// when another file hides it (EnvPath != Own).
	Own     string
	OwnVars map[string]discover.Value
	// Settings is settings.json; AuthType its saved auth type and
	// UsageStats its privacy.usageStatisticsEnabled (unset: true).
	Settings   string
	AuthType   discover.Value
	UsageStats *bool
	usageLine  int
}

// StateOf is what discovery read of Gemini CLI's files into s (empty
// when it did not read them).
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads settings.json and the .env Gemini CLI loads (and its
// own, when another hides it).
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	g := &State{}
	s.SetState(t.ID, g)
	g.Own, g.Settings = Env(s.Env), Settings(s.Env)
	s.NotePath(g.Settings, geminiID)
	if doc, prob := discover.LoadJSON(geminiID, g.Settings, true); prob != nil {
		s.AddProblem(*prob)
	} else if doc != nil {
		if v, ok, prob := doc.Str(geminiID, AuthType, AuthType); ok {
			g.AuthType = v
		} else if prob != nil {
			s.AddProblem(*prob)
		}
		if r := doc.Get(UsageStats); r.IsBool() {
			b := r.Bool()
			g.UsageStats, g.usageLine = &b, doc.Source(r, "").Line
		}
	}
	for _, f := range EnvFiles(s.Env, s.Project) {
		if vars, ok := readGeminiEnv(s, f); ok {
			g.EnvPath, g.Vars = f, vars
			break
		}
	}
	if g.EnvPath != g.Own {
		g.OwnVars, _ = readGeminiEnv(s, g.Own)
	}
}

// readGeminiEnv reads one .env; ok is false when it does not exist.
func readGeminiEnv(s *discover.Snapshot, path string) (map[string]discover.Value, bool) {
	vars, ok := s.ReadDotEnv(geminiID, path)
	if ok {
		s.NotePath(path, geminiID)
	}
	return vars, ok
}

// Resolve is Gemini CLI's triple: an exported variable beats the
// loaded .env (dotenv does not override the environment).
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool {
	g := StateOf(s)
	eff := func(name string) discover.Value { return s.ShellOver(g.Vars, name) }
	v := Vars
	r := discover.Tool{ID: t.ID, Rule: t.Tool, Label: t.Title, NeedsModel: true, KeyName: v.Key,
		Base: eff(v.BaseURL), Key: eff(v.Key), Model: eff(v.Model), Auth: t.Auth,
		Places: discover.Places{Base: discover.Source{File: g.Own, Key: v.BaseURL}, Key: discover.Source{File: g.Own, Key: v.Key}, Model: discover.Source{File: g.Own, Key: v.Model}}}
	if !r.Base.Set() && !r.Key.Set() && !r.Model.Set() {
		return nil
	}
	if r.Key.Set() {
		r.Credentials = []discover.Value{r.Key}
	}
	headers := eff(CustomHeaders)
	r.Headers = discover.HeaderList(headers, ",")
	r.HeadersAt = discover.Source{File: g.Own, Key: CustomHeaders}
	if headers.Set() {
		r.HeadersAt = headers.Source
	}
	return []discover.Tool{r}
}
