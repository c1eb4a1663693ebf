package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/toolpaths"
)

// claudeLayer is one Claude Code settings file, lowest precedence first.
type claudeLayer struct {
	path    string
	env     map[string]string
	model   string
	present bool
}

// readClaudeLayers reads the settings files Claude Code merges, lowest
// first: user < project < local < managed.
func readClaudeLayers(e *env.Env, project string) ([]claudeLayer, []string) {
	paths := []string{toolpaths.ClaudeSettings(e, toolpaths.ClaudeUser, "")}
	if project != "" {
		paths = append(paths,
			toolpaths.ClaudeSettings(e, toolpaths.ClaudeProject, project),
			toolpaths.ClaudeSettings(e, toolpaths.ClaudeLocal, project))
	}
	paths = append(paths, toolpaths.ClaudeManagedSettings(e))
	var layers []claudeLayer
	var notes []string
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			notes = append(notes, fmt.Sprintf("cannot read %s: %v", e.Tilde(p), err))
			continue
		}
		var doc struct {
			Env   map[string]any `json:"env"`
			Model string         `json:"model"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			// Claude Code silently ignores a settings file that fails
			// validation in -p mode; so does this reading.
			notes = append(notes, fmt.Sprintf("%s does not parse (%v): Claude Code ignores it", e.Tilde(p), err))
			continue
		}
		l := claudeLayer{path: p, env: map[string]string{}, model: doc.Model, present: true}
		for k, v := range doc.Env {
			if s, ok := v.(string); ok {
				l.env[k] = s
			}
		}
		layers = append(layers, l)
	}
	return layers, notes
}

// ReadClaude reads the triple Claude Code will use: settings files merged
// in Claude Code's order, a value in a settings env beating the same
// variable in the shell.
func ReadClaude(e *env.Env, project string) Configured {
	c := Configured{Tool: gateway.Claude}
	layers, notes := readClaudeLayers(e, project)
	c.Notes = notes
	for _, l := range layers {
		c.Files = append(c.Files, l.path)
	}
	// lookup returns a variable's effective value and its source.
	lookup := func(name string) (string, string) {
		for i := len(layers) - 1; i >= 0; i-- {
			if v, ok := layers[i].env[name]; ok && v != "" {
				return v, e.Tilde(layers[i].path)
			}
		}
		if v, ok := e.Lookup(name); ok {
			return v, "$" + name
		}
		return "", ""
	}
	c.Base, c.BaseSource = lookup("ANTHROPIC_BASE_URL")
	if managed := e.Tilde(toolpaths.ClaudeManagedSettings(e)); c.BaseSource == managed {
		c.Notes = append(c.Notes, managed+" sets ANTHROPIC_BASE_URL: managed settings beat --settings, so verify cannot point Claude Code at its relay")
	}
	token, tokenSrc := lookup("ANTHROPIC_AUTH_TOKEN")
	apiKey, apiKeySrc := lookup("ANTHROPIC_API_KEY")
	switch {
	case token != "":
		c.Auth, c.Key, c.KeySource = gateway.AuthBearer, token, tokenSrc+" ANTHROPIC_AUTH_TOKEN"
		if apiKey != "" {
			c.Notes = append(c.Notes, "both ANTHROPIC_AUTH_TOKEN and ANTHROPIC_API_KEY are set (auth-conflict)")
		}
	case apiKey != "":
		c.Auth, c.Key, c.KeySource = gateway.AuthXAPIKey, apiKey, apiKeySrc+" ANTHROPIC_API_KEY"
	}
	c.Model, c.ModelSource = lookup("ANTHROPIC_MODEL")
	if c.Model == "" {
		for i := len(layers) - 1; i >= 0; i-- {
			if layers[i].model != "" {
				c.Model, c.ModelSource = layers[i].model, e.Tilde(layers[i].path)+" model"
				break
			}
		}
	}
	c.BackgroundModel, c.BackgroundModelSource = lookup("ANTHROPIC_DEFAULT_HAIKU_MODEL")
	if c.BackgroundModel == "" {
		c.BackgroundModel, c.BackgroundModelSource = lookup("ANTHROPIC_SMALL_FAST_MODEL")
	}
	return c
}

// claudeInvocation points Claude Code at the relay for one -p turn. The
// redirect goes in a --settings file (the layer above user, project and
// local settings) rather than inline JSON, because the project's env values
// it carries may hold a key, and a command line is visible to every user of
// the machine. The turn runs in an empty directory with no tools, so no
// file of the user's project is read or sent.
func claudeInvocation(e *env.Env, project, relayBase, tmp string) (Invocation, error) {
	merged, doc := map[string]string{}, map[string]any{}
	layers, _ := readClaudeLayers(e, project)
	for _, l := range layers {
		if project != "" && (l.path == toolpaths.ClaudeSettings(e, toolpaths.ClaudeProject, project) ||
			l.path == toolpaths.ClaudeSettings(e, toolpaths.ClaudeLocal, project)) {
			for k, v := range l.env {
				merged[k] = v
			}
			if l.model != "" {
				doc["model"] = l.model
			}
		}
	}
	merged["ANTHROPIC_BASE_URL"] = relayBase
	doc["env"] = merged
	b, err := json.Marshal(doc)
	if err != nil {
		return Invocation{}, err
	}
	settings := filepath.Join(tmp, "keydoctor-verify-settings.json")
	if err := os.WriteFile(settings, b, 0o600); err != nil {
		return Invocation{}, err
	}
	work := filepath.Join(tmp, "work")
	if err := os.MkdirAll(work, 0o700); err != nil {
		return Invocation{}, err
	}
	return Invocation{
		Args: []string{"--settings", settings, "-p", Prompt,
			"--tools", "", "--strict-mcp-config", "--no-session-persistence"},
		Dir: work,
	}, nil
}
