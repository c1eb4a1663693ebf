package discover

import (
	"sort"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/toolpaths"
	"github.com/tidwall/gjson"
)

// ClaudeLayer is one settings file of Claude Code's chain.
type ClaudeLayer struct {
	Scope  string // user, project, local, managed
	Path   string
	Exists bool
	// Env is the settings' env object: variable → value with its line.
	Env map[string]Value
	// Model is the settings' "model" key.
	Model Value
	// APIKeyHelper is the settings' "apiKeyHelper" (a command that prints the key).
	APIKeyHelper Value
}

// Claude is what Claude Code reads.
type Claude struct {
	// Layers, lowest precedence first: user < project < local < managed
	// (design.md §1; --settings sits between local and managed but is a
	// command-line flag, not a file).
	Layers []ClaudeLayer
	// StatePath is ~/.claude.json; Rejected holds the last 20 characters
	// of keys the user once refused at Claude Code's prompt.
	StatePath    string
	Rejected     []string
	RejectedLine int
	// PrimaryAPIKey is the key `claude login` stored with a Console API
	// key; Claude Code uses it when no variable or apiKeyHelper gives one.
	PrimaryAPIKey Value
}

// claudeVars are the variables of Claude Code's triple.
var claudeVars = []string{"ANTHROPIC_BASE_URL", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_API_KEY", "ANTHROPIC_MODEL",
	"ANTHROPIC_DEFAULT_HAIKU_MODEL", "ANTHROPIC_SMALL_FAST_MODEL"}

func (s *Snapshot) readClaude() {
	e := s.Env
	layers := []struct{ scope, path string }{
		{"user", toolpaths.ClaudeSettings(e, toolpaths.ClaudeUser, s.Project)},
		{"project", toolpaths.ClaudeSettings(e, toolpaths.ClaudeProject, s.Project)},
		{"local", toolpaths.ClaudeSettings(e, toolpaths.ClaudeLocal, s.Project)},
		{"managed", toolpaths.ClaudeManagedSettings(e)},
	}
	seen := map[string]bool{}
	for _, l := range layers {
		// With --project at home, the user and project files coincide.
		if seen[l.path] {
			continue
		}
		seen[l.path] = true
		layer := ClaudeLayer{Scope: l.scope, Path: l.path, Env: map[string]Value{}}
		doc, prob := loadJSON("claude", l.path)
		s.notePath(l.path, "claude")
		if prob != nil {
			layer.Exists = true
			s.addProblem(*prob)
		}
		if doc != nil {
			layer.Exists = true
			s.readClaudeLayer(doc, &layer)
		}
		s.Claude.Layers = append(s.Claude.Layers, layer)
	}
	s.readClaudeState(e)
}

func (s *Snapshot) readClaudeLayer(doc *jsonDoc, layer *ClaudeLayer) {
	envObj := doc.get("env")
	if envObj.Exists() && !envObj.IsObject() {
		src := doc.source(envObj, "env")
		s.addProblem(Problem{Tool: "claude", File: doc.path, Line: src.Line,
			Message: "env must be an object of variable names to strings; Claude Code ignores it"})
	}
	if envObj.IsObject() {
		var keys []string
		envObj.ForEach(func(k, _ gjson.Result) bool { keys = append(keys, k.String()); return true })
		sort.Strings(keys)
		for _, k := range keys {
			v, ok, prob := doc.str("claude", "env."+esc(k), "env."+k)
			if prob != nil {
				s.addProblem(*prob)
			}
			if ok {
				layer.Env[k] = v
			}
		}
	}
	if v, ok, prob := doc.str("claude", "model", "model"); ok {
		layer.Model = v
	} else if prob != nil {
		s.addProblem(*prob)
	}
	if v, ok, _ := doc.str("claude", "apiKeyHelper", "apiKeyHelper"); ok {
		layer.APIKeyHelper = v
	}
}

func (s *Snapshot) readClaudeState(e *env.Env) {
	path := toolpaths.ClaudeState(e)
	s.Claude.StatePath = path
	s.notePath(path, "claude")
	doc, prob := loadJSON("claude", path)
	if prob != nil {
		s.addProblem(*prob)
	}
	if doc == nil {
		return
	}
	if v, ok, _ := doc.str("claude", "primaryApiKey", "primaryApiKey"); ok {
		s.Claude.PrimaryAPIKey = v
	}
	r := doc.get("customApiKeyResponses.rejected")
	if r.IsArray() {
		s.Claude.RejectedLine = doc.source(r, "").Line
		for _, x := range r.Array() {
			if x.Type == gjson.String {
				s.Claude.Rejected = append(s.Claude.Rejected, x.String())
			}
		}
	}
}

// Configured reports whether any Claude Code settings file sets a
// variable of the triple.
func (c Claude) Configured() bool {
	for _, l := range c.Layers {
		for _, v := range claudeVars {
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
func (c Claude) lookup(name string, shell Value) Value {
	var found []Value
	for i := len(c.Layers) - 1; i >= 0; i-- {
		if v, ok := c.Layers[i].Env[name]; ok {
			found = append(found, v)
		}
	}
	if shell.Set() {
		found = append(found, shell)
	}
	if len(found) == 0 {
		return Value{}
	}
	v := found[0]
	v.Overrides = found[1:]
	return v
}
