package discover

import (
	"sort"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
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
	// (docs/tools.md; --settings sits between local and managed but is a
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
	// Login is Claude Code's own subscription sign-in (the credentials
	// file's OAuth tokens or the state file's account), if any.
	Login Value
}

// readClaude reads the settings layers, lowest first, and the state file,
// as the description lists them.
func (s *Snapshot) readClaude(t tool.Tool) {
	seen := map[string]bool{}
	for _, f := range t.FilesOf(s.Env, s.Project) {
		if f.Role == claudeStateRole {
			s.readClaudeState(f.Path)
			continue
		}
		// With --project at home, the user and project files coincide.
		if seen[f.Path] {
			continue
		}
		seen[f.Path] = true
		layer := ClaudeLayer{Scope: f.Role, Path: f.Path, Env: map[string]Value{}}
		doc, prob := loadJSON(string(t.ID), f.Path)
		s.notePath(f.Path, string(t.ID))
		if prob != nil {
			layer.Exists = true
			if doc == nil && prob.Line > 0 {
				// Claude Code reads settings as strict JSON and drops a
				// file that does not parse, silently (✓ 2.1.197).
				prob.Message += "; Claude Code silently ignores this whole file (every setting in it) until it is strict JSON: no comments, no trailing commas"
			}
			s.addProblem(*prob)
		}
		if doc != nil {
			layer.Exists = true
			s.readClaudeLayer(doc, &layer)
		}
		s.Claude.Layers = append(s.Claude.Layers, layer)
	}
	s.readClaudeLogin()
}

// claudeID names Claude Code in problems and paths.
const claudeID = string(gateway.Claude)

// claudeStateRole is the role of ~/.claude.json in Claude's description.
const claudeStateRole = "state"

func (s *Snapshot) readClaudeLayer(doc *jsonDoc, layer *ClaudeLayer) {
	envObj := doc.get(tool.ClaudeEnv)
	if envObj.Exists() && !envObj.IsObject() {
		src := doc.source(envObj, tool.ClaudeEnv)
		s.addProblem(Problem{Tool: claudeID, File: doc.path, Line: src.Line,
			Message: "env must be an object of variable names to strings; Claude Code ignores it"})
	}
	if envObj.IsObject() {
		var keys []string
		envObj.ForEach(func(k, _ gjson.Result) bool { keys = append(keys, k.String()); return true })
		sort.Strings(keys)
		for _, k := range keys {
			v, ok, prob := doc.scalar(claudeID, tool.ClaudeEnv+"."+esc(k), tool.ClaudeEnv+"."+k)
			if prob != nil {
				s.addProblem(*prob)
			}
			if ok {
				layer.Env[k] = v
			}
		}
	}
	if v, ok, prob := doc.str(claudeID, tool.ClaudeModelKey, tool.ClaudeModelKey); ok {
		layer.Model = v
	} else if prob != nil {
		s.addProblem(*prob)
	}
	if v, ok, _ := doc.str(claudeID, tool.ClaudeKeyHelper, tool.ClaudeKeyHelper); ok {
		layer.APIKeyHelper = v
	}
}

func (s *Snapshot) readClaudeState(path string) {
	s.Claude.StatePath = path
	s.notePath(path, claudeID)
	doc, prob := loadJSON(claudeID, path)
	if prob != nil {
		s.addProblem(*prob)
	}
	if doc == nil {
		return
	}
	if v, ok, _ := doc.str(claudeID, tool.ClaudePrimaryKey, tool.ClaudePrimaryKey); ok {
		s.Claude.PrimaryAPIKey = v
	}
	if r := doc.get(tool.ClaudeOAuthAccount); r.IsObject() && !s.Claude.Login.Set() {
		s.Claude.Login = Value{Source: doc.source(r, tool.ClaudeOAuthAccount)}
	}
	r := doc.get(tool.ClaudeRejected)
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
		for _, v := range tool.ClaudeVars {
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

// resolveClaude is Claude Code's triple when a settings file configures
// it or a provider switch is on. A tool that deliberately takes a cloud
// provider or its login, with no gateway base URL, goes to Elsewhere:
// nothing of the gateway's applies to it.
func (s *Snapshot) resolveClaude(tool.Tool) []Tool {
	t := s.claudeTool()
	switch {
	case !t.Route.Gateway() && !t.Base.Configured():
		s.Elsewhere = append(s.Elsewhere, t)
		return nil
	case !s.Claude.Configured() && t.Route.Gateway() && !t.Login.Set():
		// An exported ANTHROPIC_BASE_URL beside a subscription login is
		// judged: the login's token goes there.
		return nil
	}
	return []Tool{t}
}

// ownClaude is Claude Code's triple even when no settings file configures
// it: it then reads ANTHROPIC_* from the shell.
func (s *Snapshot) ownClaude(tool.Tool) (Tool, bool) { return s.claudeTool(), true }

// claudeTool resolves Claude Code's triple from its settings and the
// shell, whether or not a settings file configures it.
func (s *Snapshot) claudeTool() Tool {
	c := s.Claude
	t := Tool{ID: gateway.Claude, Rule: tool.Wire(gateway.Claude), Label: "Claude Code", NeedsModel: true}
	user, env := c.Layers[0].Path, tool.ClaudeEnv+"."
	t.Places = Places{Source{File: user, Key: env + tool.AnthropicBaseURL}, Source{File: user, Key: env + tool.AnthropicAuthToken}, Source{File: user, Key: env + tool.AnthropicModel}}
	t.Base = s.ClaudeVar(tool.AnthropicBaseURL)
	if !t.Base.Set() {
		t.Base = defaultValue(tool.AnthropicDefaultBase)
	}
	s.claudeKey(&t)
	t.Model, t.ModelAlias = s.claudeModel()
	t.BackgroundModel = s.claudeBackgroundModel()
	t.Route = s.claudeRoute(t)
	if t.Key.Set() {
		t.Auth = authFor(t.KeyName, t.Rule)
	}
	// With a base URL and no key, Claude Code sends its subscription
	// login's token there as Bearer (✓ 2.1.197, docs/tools.md).
	if t.Route.Gateway() && t.Base.Configured() && !t.Key.Set() {
		t.Login = s.claudeLogin()
	}
	return t
}

// claudeModel is the model a turn asks for and the alias it came from:
// ANTHROPIC_MODEL beats the settings' "model" key (highest layer first),
// nothing set means the default alias, and an alias resolves through its
// ANTHROPIC_DEFAULT_*_MODEL variable, else to the built-in id (a
// Source.Default value).
func (s *Snapshot) claudeModel() (model, alias Value) {
	var models []Value
	if v := s.ClaudeVar(tool.AnthropicModel); v.Value != "" {
		models = append(models, v)
		models = append(models, v.Overrides...)
	}
	for i := len(s.Claude.Layers) - 1; i >= 0; i-- {
		if m := s.Claude.Layers[i].Model; m.Value != "" {
			models = append(models, m)
		}
	}
	if len(models) > 0 {
		model = models[0]
		model.Overrides = models[1:]
	} else {
		model = defaultValue(tool.ClaudeDefaultAlias)
	}
	a, ok := tool.ClaudeAliasOf(model.Value)
	if !ok {
		return model, Value{}
	}
	if v := s.ClaudeVar(a.Var); v.Value != "" {
		return v, model
	}
	return defaultValue(a.Builtin), model
}

// claudeKey is the key Claude Code sends: ANTHROPIC_AUTH_TOKEN, else
// ANTHROPIC_API_KEY, else apiKeyHelper's output, else a stored Console key.
func (s *Snapshot) claudeKey(t *Tool) {
	c := s.Claude
	token := s.ClaudeVar(tool.AnthropicAuthToken)
	apiKey := s.ClaudeVar(tool.AnthropicAPIKey)
	switch {
	case token.Set():
		t.Key, t.KeyName = token, tool.AnthropicAuthToken
	case apiKey.Set():
		t.Key, t.KeyName = apiKey, tool.AnthropicAPIKey
	default:
		if h := c.keyHelper(); h.Set() {
			t.Key, t.KeyName = h, KeyHelper
		}
		if !t.Key.Set() && c.PrimaryAPIKey.Set() {
			t.Key, t.KeyName = c.PrimaryAPIKey, tool.ClaudePrimaryKey
		}
	}
	// Beside a key variable the helper's key is sent too, in the other
	// header: Bearer stays the token, x-api-key goes to the helper; beside
	// ANTHROPIC_API_KEY the helper takes Bearer (✓ 2.1.197).
	if t.KeyName != KeyHelper && t.Key.Value != "" {
		t.Helper = c.keyHelper()
	}
	// An empty value sends nothing: "ANTHROPIC_API_KEY": "" beside the
	// token only masks a key exported in the shell (docs/tools.md).
	for _, v := range []Value{token, apiKey} {
		if v.Set() && v.Value != "" {
			t.Credentials = append(t.Credentials, v)
		}
	}
}

// keyHelper is the apiKeyHelper of the highest layer that sets one.
func (c Claude) keyHelper() Value {
	for i := len(c.Layers) - 1; i >= 0; i-- {
		if h := c.Layers[i].APIKeyHelper; h.Set() {
			return Value{Source: h.Source}
		}
	}
	return Value{}
}

// Background is the model Claude Code sends its background requests to:
// BackgroundModel when one is set, else Claude Code's built-in default
// (Source.Default). Zero for every other tool.
func (t Tool) Background() Value {
	switch {
	case t.ID != gateway.Claude:
		return Value{}
	case t.BackgroundModel.Value != "":
		return t.BackgroundModel
	}
	return defaultValue(tool.ClaudeDefaultBackgroundModel)
}

// claudeBackgroundModel is ANTHROPIC_DEFAULT_HAIKU_MODEL, or when that is
// unset or empty the older ANTHROPIC_SMALL_FAST_MODEL: Claude Code takes
// the first non-empty one.
func (s *Snapshot) claudeBackgroundModel() Value {
	haiku := s.ClaudeVar(tool.ClaudeBackgroundModel)
	if haiku.Value != "" {
		return haiku
	}
	if small := s.ClaudeVar(tool.ClaudeLegacyBackgroundModel); small.Set() {
		return small
	}
	return haiku
}

// ClaudeVar is one variable as Claude Code sees it: the highest settings
// layer that sets it, else the shell, with what it shadows.
func (s *Snapshot) ClaudeVar(name string) Value {
	return s.Claude.lookup(name, s.Shell(name))
}
