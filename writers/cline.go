package writers

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"sort"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tailscale/hujson"
)

// planCline sets the openai-compatible provider in the Cline CLI's
// providers.json and our MCP server entry in its MCP settings file.
func planCline(o Options, t tool.Tool) ([]*Change, error) {
	c, err := planProviders(o, t)
	if err != nil {
		return nil, err
	}
	out := []*Change{c}
	mcp, err := planMCP(o, tool.ClineCLIMCP(o.Env), nil)
	if err != nil {
		return nil, err
	}
	if mcp != nil {
		out = append(out, mcp)
	}
	return out, nil
}

func planProviders(o Options, t tool.Tool) (*Change, error) {
	path := tool.ClineProvidersFile(o.Env)
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	src := c.Old
	if !c.Existed || len(src) == 0 {
		src = []byte(tool.ClineNewProviders)
	}
	doc, err := ParseJSON(path, src, false)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	entry := []string{tool.ClineProviders, tool.ClineGateway}
	if old, ok := doc.Str(append(entry, tool.ClineSettings, tool.ClineAPIKey)...); ok {
		c.AddSecrets(old)
	}
	changed := false
	for _, kv := range [][2]string{
		{tool.ClineKind, tool.ClineGateway},
		{tool.ClineAPIKey, p.Key},
		{tool.ClineModel, p.Model},
		{tool.ClineBaseURL, t.Base(p.BaseURL)},
	} {
		ch, err := doc.Set(append(entry, tool.ClineSettings, kv[0]), kv[1])
		if err != nil {
			return nil, err
		}
		changed = changed || ch
	}
	ch, err := doc.Set(append(entry, tool.ClineTokenSrc), "manual")
	if err != nil {
		return nil, err
	}
	changed = changed || ch
	// Cline discards the whole file when an entry lacks updatedAt; it
	// changes only when the entry does, so a re-run stays a no-op.
	if _, has := doc.Str(append(entry, tool.ClineUpdatedAt)...); changed || !has {
		now := o.Env.Now().UTC().Format("2006-01-02T15:04:05.000Z")
		if _, err := doc.Set(append(entry, tool.ClineUpdatedAt), now); err != nil {
			return nil, err
		}
	}
	if _, err := doc.Set([]string{tool.ClineLastUsed}, tool.ClineGateway); err != nil {
		return nil, err
	}
	for _, name := range providersWithoutUpdatedAt(doc) {
		c.Notef("provider %q has no updatedAt: Cline will discard this whole file until it gets one", name)
	}
	c.New = doc.Bytes()
	c.Finish(true, 0o600)
	return c, nil
}

func providersWithoutUpdatedAt(doc *JSONDoc) []string {
	v := doc.Lookup(tool.ClineProviders)
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
		if _, ok := doc.Str(tool.ClineProviders, name, tool.ClineUpdatedAt); !ok {
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
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	if !c.Existed && len(moved) == 0 {
		if _, err := os.Stat(filepathDir(path)); errors.Is(err, fs.ErrNotExist) || len(o.MCPCommand) == 0 {
			return nil, nil
		}
	}
	doc, err := ParseJSON(path, c.Old, false)
	if err != nil {
		return nil, err
	}
	if _, err := doc.Object(tool.ClineMCPServers); err != nil {
		return nil, err
	}
	for _, name := range sortedNames(moved) {
		if doc.Lookup(tool.ClineMCPServers, name) != nil {
			c.Notef("server %q from settings.json not moved: this file already has one of that name", name)
			continue
		}
		std := moved[name].Clone()
		std.Standardize()
		var v any
		if err := jsonUnmarshal(std.Pack(), &v); err != nil {
			return nil, err
		}
		if _, err := doc.Set([]string{tool.ClineMCPServers, name}, v); err != nil {
			return nil, err
		}
		c.Notef("server %q moved here from settings.json (cline.mcpServers, which nothing reads)", name)
	}
	p := o.Profile
	vars := tool.MCPEnv
	env := [][2]string{{vars.BaseURL, tool.Wire(gateway.VSCode).Base(p.BaseURL)}, {vars.Key, p.Key}, {vars.Model, p.Model}}
	server := []string{tool.ClineMCPServers, o.MCPName}
	switch {
	case doc.Lookup(server...) != nil:
		if old, ok := doc.Str(append(server, "env", vars.Key)...); ok {
			c.AddSecrets(old)
		}
		for _, kv := range env {
			if _, err := doc.Set(append(server, "env", kv[0]), kv[1]); err != nil {
				return nil, err
			}
		}
	case len(o.MCPCommand) > 0:
		entry := mcpEntry{Command: o.MCPCommand[0], Args: append([]string{}, o.MCPCommand[1:]...), Env: OrderedObject(env)}
		if _, err := doc.Set(server, entry); err != nil {
			return nil, err
		}
	case len(moved) == 0:
		return nil, nil
	}
	c.New = doc.Bytes()
	c.Finish(true, 0o600)
	return c, nil
}

// mcpEntry is the MCP server entry of the design card, in that order.
type mcpEntry struct {
	Command string          `json:"command"`
	Args    []string        `json:"args"`
	Env     json.RawMessage `json:"env"`
}

// OrderedObject is a JSON object of strings with its members in order.
func OrderedObject(kv [][2]string) json.RawMessage {
	b := []byte{'{'}
	for i, m := range kv {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(m[0])
		v, _ := json.Marshal(m[1])
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}')
}
