package writers

import (
	"errors"
	"io/fs"
	"os"
	"sort"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/toolpaths"
	"github.com/tailscale/hujson"
)

// clineWriter sets the openai-compatible provider in the Cline CLI's
// providers.json and our MCP server entry in its MCP settings file.
type clineWriter struct{}

func (clineWriter) Tool() gateway.ToolID { return gateway.Cline }

const clineProvider = "openai-compatible"

// newProvidersJSON is the shape Cline writes for a fresh file.
const newProvidersJSON = `{
  "version": 1,
  "lastUsedProvider": "openai-compatible",
  "modes": {},
  "providers": {}
}
`

func (clineWriter) Plan(o Options) ([]*Change, error) {
	c, err := planProviders(o)
	if err != nil {
		return nil, err
	}
	out := []*Change{c}
	mcp, err := planMCP(o, toolpaths.ClineCLIMCP(o.Env), nil)
	if err != nil {
		return nil, err
	}
	if mcp != nil {
		out = append(out, mcp)
	}
	return out, nil
}

func planProviders(o Options) (*Change, error) {
	path := toolpaths.ClineProviders(o.Env)
	c, err := readFile(path)
	if err != nil {
		return nil, err
	}
	src := c.Old
	if !c.Existed || len(src) == 0 {
		src = []byte(newProvidersJSON)
	}
	doc, err := parseJSONDoc(path, src, false)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	entry := []string{"providers", clineProvider}
	if old, ok := doc.str(append(entry, "settings", "apiKey")...); ok {
		c.addSecrets(old)
	}
	changed := false
	for _, kv := range [][2]string{
		{"provider", clineProvider},
		{"apiKey", p.Key},
		{"model", p.Model},
		{"baseUrl", baseFor(gateway.Cline, p.BaseURL)},
	} {
		ch, err := doc.set(append(entry, "settings", kv[0]), kv[1])
		if err != nil {
			return nil, err
		}
		changed = changed || ch
	}
	ch, err := doc.set(append(entry, "tokenSource"), "manual")
	if err != nil {
		return nil, err
	}
	changed = changed || ch
	// Cline discards the whole file when an entry lacks updatedAt; it
	// changes only when the entry does, so a re-run stays a no-op.
	if _, has := doc.str(append(entry, "updatedAt")...); changed || !has {
		now := o.Env.Now().UTC().Format("2006-01-02T15:04:05.000Z")
		if _, err := doc.set(append(entry, "updatedAt"), now); err != nil {
			return nil, err
		}
	}
	if _, err := doc.set([]string{"lastUsedProvider"}, clineProvider); err != nil {
		return nil, err
	}
	for _, name := range providersWithoutUpdatedAt(doc) {
		c.notef("provider %q has no updatedAt: Cline will discard this whole file until it gets one", name)
	}
	c.New = doc.bytes()
	c.finish(true, 0o600)
	return c, nil
}

func providersWithoutUpdatedAt(doc *jsonDoc) []string {
	v := doc.lookup("providers")
	if v == nil {
		return nil
	}
	obj, ok := v.Value.(*hujson.Object)
	if !ok {
		return nil
	}
	var out []string
	for _, m := range obj.Members {
		name := m.Name.Value.(hujson.Literal).String()
		if _, ok := doc.str("providers", name, "updatedAt"); !ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// planMCP puts the triple into our server entry of one Cline MCP settings
// file, and adds moved servers (from a VS Code settings.json). It returns
// nil when the file is absent and there is nothing to move, or when the
// entry is absent and no command to create it was given.
func planMCP(o Options, path string, moved map[string]hujson.Value) (*Change, error) {
	c, err := readFile(path)
	if err != nil {
		return nil, err
	}
	if !c.Existed && len(moved) == 0 {
		if _, err := os.Stat(filepathDir(path)); errors.Is(err, fs.ErrNotExist) || len(o.MCPCommand) == 0 {
			return nil, nil
		}
	}
	doc, err := parseJSONDoc(path, c.Old, false)
	if err != nil {
		return nil, err
	}
	if _, err := doc.object("mcpServers"); err != nil {
		return nil, err
	}
	for _, name := range sortedNames(moved) {
		if doc.lookup("mcpServers", name) != nil {
			c.notef("server %q from settings.json not moved: this file already has one of that name", name)
			continue
		}
		std := moved[name].Clone()
		std.Standardize()
		var v any
		if err := jsonUnmarshal(std.Pack(), &v); err != nil {
			return nil, err
		}
		if _, err := doc.set([]string{"mcpServers", name}, v); err != nil {
			return nil, err
		}
		c.notef("server %q moved here from settings.json (cline.mcpServers, which nothing reads)", name)
	}
	p := o.Profile
	env := mcpEnv{BaseURL: baseFor(gateway.VSCode, p.BaseURL), APIKey: p.Key, Model: p.Model}
	server := []string{"mcpServers", o.MCPName}
	switch {
	case doc.lookup(server...) != nil:
		if old, ok := doc.str(append(server, "env", "API_KEY")...); ok {
			c.addSecrets(old)
		}
		for _, kv := range [][2]string{{"BASE_URL", env.BaseURL}, {"API_KEY", env.APIKey}, {"MODEL", env.Model}} {
			if _, err := doc.set(append(server, "env", kv[0]), kv[1]); err != nil {
				return nil, err
			}
		}
	case len(o.MCPCommand) > 0:
		entry := mcpEntry{Command: o.MCPCommand[0], Args: append([]string{}, o.MCPCommand[1:]...), Env: env}
		if _, err := doc.set(server, entry); err != nil {
			return nil, err
		}
	case len(moved) == 0:
		return nil, nil
	}
	c.New = doc.bytes()
	c.finish(true, 0o600)
	return c, nil
}

// mcpEntry is the MCP server entry of the design card, in that order.
type mcpEntry struct {
	Command string   `json:"command"`
	Args    []string `json:"args"`
	Env     mcpEnv   `json:"env"`
}

type mcpEnv struct {
	BaseURL string `json:"BASE_URL"`
	APIKey  string `json:"API_KEY"`
	Model   string `json:"MODEL"`
}
