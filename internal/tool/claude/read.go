package claude

import (
	"sort"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tidwall/gjson"
)

// Layer is one settings file of Claude Code's chain.
type Layer struct {
	Scope  string // user, project, local, managed
	Path   string
	Exists bool
	// Env is the settings' env object: variable → value with its line.
	Env map[string]discover.Value
	// Model is the settings' "model" key.
	Model discover.Value
	// APIKeyHelper is the settings' "apiKeyHelper" (a command that prints the key).
	APIKeyHelper discover.Value
}

// State is what Claude Code reads (StateOf).
type State struct {
	// Layers, lowest precedence first: user < project < local < managed
	// (docs/tools.md; --settings sits between local and managed but is a
	// command-line flag, not a file).
	Layers []Layer
	// StatePath is ~/.claude.json; Rejected holds the last 20 characters
	// of keys the user once refused at Claude Code's prompt.
	StatePath    string
	Rejected     []string
	RejectedLine int
	// PrimaryAPIKey is the key `claude login` stored with a Console API
	// key; Claude Code uses it when no variable or apiKeyHelper gives one.
	PrimaryAPIKey discover.Value
	// Login is Claude Code's own subscription sign-in (the credentials
	// file's OAuth tokens or the state file's account), if any.
	Login discover.Value
}

// StateOf is what discovery read of Claude Code's files into s (empty
// when it did not read them).
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads the settings layers, lowest first, and the state file,
// as the description lists them.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	s.SetState(t.ID, &State{})
	seen := map[string]bool{}
	for _, f := range t.FilesOf(s.Env, s.Project) {
		if f.Role == claudeStateRole {
			readClaudeState(s, f.Path)
			continue
		}
		// With --project at home, the user and project files coincide.
		if seen[f.Path] {
			continue
		}
		seen[f.Path] = true
		layer := Layer{Scope: f.Role, Path: f.Path, Env: map[string]discover.Value{}}
		doc, prob := discover.LoadJSON(string(t.ID), f.Path, false)
		s.NotePath(f.Path, string(t.ID))
		if prob != nil {
			layer.Exists = true
			if doc == nil && prob.Line > 0 {
				// Claude Code reads settings as strict JSON and drops a
				// file that does not parse, silently (✓ 2.1.197).
				prob.Message += "; Claude Code silently ignores this whole file (every setting in it) until it is strict JSON: no comments, no trailing commas"
			}
			s.AddProblem(*prob)
		}
		if doc != nil {
			layer.Exists = true
			readClaudeLayer(s, doc, &layer)
		}
		StateOf(s).Layers = append(StateOf(s).Layers, layer)
	}
	readClaudeLogin(s)
}

// claudeID names Claude Code in problems and paths.
const claudeID = string(ID)

// claudeStateRole is the role of ~/.claude.json in Claude's description.
const claudeStateRole = "state"

func readClaudeLayer(s *discover.Snapshot, doc *discover.JSONDoc, layer *Layer) {
	envObj := doc.Get(Env)
	if envObj.Exists() && !envObj.IsObject() {
		src := doc.Source(envObj, Env)
		s.AddProblem(discover.Problem{Tool: claudeID, File: doc.Path(), Line: src.Line,
			Message: "env must be an object of variable names to strings; Claude Code ignores it"})
	}
	if envObj.IsObject() {
		var keys []string
		envObj.ForEach(func(k, _ gjson.Result) bool { keys = append(keys, k.String()); return true })
		sort.Strings(keys)
		for _, k := range keys {
			v, ok, prob := doc.Scalar(claudeID, Env+"."+discover.Esc(k), Env+"."+k)
			if prob != nil {
				s.AddProblem(*prob)
			}
			if ok {
				layer.Env[k] = v
			}
		}
	}
	if v, ok, prob := doc.Str(claudeID, ModelKey, ModelKey); ok {
		layer.Model = v
	} else if prob != nil {
		s.AddProblem(*prob)
	}
	if v, ok, _ := doc.Str(claudeID, KeyHelper, KeyHelper); ok {
		layer.APIKeyHelper = v
	}
}

func readClaudeState(s *discover.Snapshot, path string) {
	StateOf(s).StatePath = path
	s.NotePath(path, claudeID)
	doc, prob := discover.LoadJSON(claudeID, path, false)
	if prob != nil {
		s.AddProblem(*prob)
	}
	if doc == nil {
		return
	}
	if v, ok, _ := doc.Str(claudeID, PrimaryKey, PrimaryKey); ok {
		StateOf(s).PrimaryAPIKey = v
	}
	if r := doc.Get(OAuthAccount); r.IsObject() && !StateOf(s).Login.Set() {
		StateOf(s).Login = discover.Value{Source: doc.Source(r, OAuthAccount)}
	}
	r := doc.Get(Rejected)
	if r.IsArray() {
		StateOf(s).RejectedLine = doc.Source(r, "").Line
		for _, x := range r.Array() {
			if x.Type == gjson.String {
				StateOf(s).Rejected = append(StateOf(s).Rejected, x.String())
			}
		}
	}
}

// Configured reports whether any Claude Code settings file sets a
// variable of the triple.
func (c State) Configured() bool {
	for _, l := range c.Layers {
		for _, v := range Vars {
			if _, ok := l.Env[v]; ok {
				return true
			}
		}
	}
	return false
}

// lookup resolves one variable as Claude Code does: the highest settings
// layer that sets it wins, and any settings value beats the shell (✓
// observed: a shell ANTHROPIC_BASE_URL was ignored).
func (c State) lookup(name string, shell discover.Value) discover.Value {
	var found []discover.Value
	for i := len(c.Layers) - 1; i >= 0; i-- {
		if v, ok := c.Layers[i].Env[name]; ok {
			found = append(found, v)
		}
	}
	if shell.Set() {
		found = append(found, shell)
	}
	if len(found) == 0 {
		return discover.Value{}
	}
	v := found[0]
	v.Overrides = found[1:]
	return v
}
