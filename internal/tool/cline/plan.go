package cline

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/writers"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tailscale/hujson"
)

// PlanFiles sets the openai-compatible provider in the Cline CLI's
// providers.json and our MCP server entry in its MCP settings file.
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	c, err := planProviders(o, t)
	if err != nil {
		return nil, err
	}
	out := []*writers.Change{c}
	mcp, err := PlanMCP(o, CLIMCP(o.Env), nil)
	if err != nil {
		return nil, err
	}
	if mcp != nil {
		out = append(out, mcp)
	}
	return out, nil
}

func planProviders(o writers.Options, t tool.Tool) (*writers.Change, error) {
	path := ProvidersFile(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	src := c.Old
	if !c.Existed || len(src) == 0 {
		src = []byte(NewProviders)
	}
	doc, err := writers.ParseJSON(path, src, false)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	entry := []string{Providers, Gateway}
	if old, ok := doc.Str(append(entry, Settings, APIKey)...); ok {
		c.AddSecrets(old)
	}
	changed := false
	for _, kv := range [][2]string{
		{Kind, Gateway},
		{APIKey, p.Key},
		{Model, p.Model},
		{BaseURL, t.BaseFor(p)},
	} {
		ch, err := doc.Set(append(entry, Settings, kv[0]), kv[1])
		if err != nil {
			return nil, err
		}
		changed = changed || ch
	}
	ch, err := doc.Set(append(entry, TokenSrc), "manual")
	if err != nil {
		return nil, err
	}
	changed = changed || ch
	// Cline discards the whole file when an entry lacks updatedAt; it
	// changes only when the entry does, so a re-run stays a no-op.
	if _, has := doc.Str(append(entry, UpdatedAt)...); changed || !has {
		if _, err := doc.Set(append(entry, UpdatedAt), stampNow(o)); err != nil {
			return nil, err
		}
	}
	if _, err := doc.Set([]string{LastUsed}, Gateway); err != nil {
		return nil, err
	}
	for _, name := range providersWithoutUpdatedAt(doc) {
		c.Notef("provider %q has no updatedAt: Cline will discard this whole file until it gets one", name)
	}
	c.New = doc.Bytes()
	c.Finish(true, 0o600)
	return c, nil
}

// stampNow is a provider entry's updatedAt for now, in the form Cline
// writes it.
func stampNow(o writers.Options) string {
	return o.Env.Now().UTC().Format("2006-01-02T15:04:05.000Z")
}

func providersWithoutUpdatedAt(doc *writers.JSONDoc) []string {
	v := doc.Lookup(Providers)
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
		if _, ok := doc.Str(Providers, name, UpdatedAt); !ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// PlanMCP puts the triple into our server entry of one Cline MCP settings
// file, and adds moved servers (from a VS Code settings.json). It returns
// nil when the file is absent and there is nothing to move, or when the
// entry is absent and no command to create it was given. A file another
// tool of the plan already planned (the shared CLIMCP, which the CLI and
// the 4.x extension both read) is edited on top of that change, which it
// returns: one change of the file (writers.Options.ReadPlanned).
func PlanMCP(o writers.Options, path string, moved map[string]hujson.Value) (*writers.Change, error) {
	c, planned, err := o.ReadPlanned(path)
	if err != nil {
		return nil, err
	}
	base := c.Old
	if planned {
		base = c.New
	}
	if !planned && !c.Existed && len(moved) == 0 {
		// The CLI's settings directory is setup's to create (providers.json
		// goes there); an editor's appears when the extension runs.
		ours := path == CLIMCP(o.Env) && o.MCPServer != nil
		if _, err := os.Stat(filepath.Dir(path)); (errors.Is(err, fs.ErrNotExist) && !ours) || len(mcpCommand(o)) == 0 {
			return nil, nil
		}
	}
	doc, err := openMCP(c, base, moved)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	vars := MCPEnv
	// The MCP server's contract: the gateway root, as a .env carries it.
	env := [][2]string{{vars.BaseURL, gateway.Tool{}.Base(p.BaseURL)}, {vars.Key, p.Key}, {vars.Model, p.Model}}
	server := []string{MCPServers, o.Option(MCPNameOption.Name)}
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
	case len(mcpCommand(o)) > 0:
		cmd := mcpCommand(o)
		entry := mcpEntry{Command: cmd[0], Args: append([]string{}, cmd[1:]...), Env: writers.OrderedObject(env)}
		if _, err := doc.Set(server, entry); err != nil {
			return nil, err
		}
	case len(moved) == 0:
		if planned {
			return c, nil
		}
		return nil, nil
	}
	c.New = doc.Bytes()
	if !planned { // the earlier planner finished it
		c.Finish(true, 0o600)
	}
	return c, nil
}

// openMCP parses base, the content of the MCP settings file of c, with
// its mcpServers object, and adds the moved servers to it.
func openMCP(c *writers.Change, base []byte, moved map[string]hujson.Value) (*writers.JSONDoc, error) {
	doc, err := writers.ParseJSON(c.Path, base, false)
	if err != nil {
		return nil, err
	}
	if _, err := doc.Object(MCPServers); err != nil {
		return nil, err
	}
	return doc, addMoved(c, doc, moved)
}

// addMoved adds the servers moved from a VS Code settings.json to a Cline
// MCP settings document, keeping any of the same name it has.
func addMoved(c *writers.Change, doc *writers.JSONDoc, moved map[string]hujson.Value) error {
	for _, name := range sortedNames(moved) {
		if doc.Lookup(MCPServers, name) != nil {
			c.Notef("server %q from settings.json not moved: this file already has one of that name", name)
			continue
		}
		std := moved[name].Clone()
		std.Standardize()
		var v any
		if err := json.Unmarshal(std.Pack(), &v); err != nil {
			return err
		}
		if _, err := doc.Set([]string{MCPServers, name}, v); err != nil {
			return err
		}
		c.Notef("server %q moved here from settings.json (cline.mcpServers, which nothing reads)", name)
	}
	return nil
}

// MoveMCP adds the moved servers to one Cline MCP settings file, on top
// of the plan's change of it (Plan.ChangeFor), and nothing else: doctor
// --fix's move needs no profile (setup's PlanMCP also writes the triple
// into our entry).
func MoveMCP(p *writers.Plan, id gateway.ToolID, path string, moved map[string]hujson.Value) error {
	c, err := p.ChangeFor(id, path)
	if err != nil {
		return err
	}
	fresh := string(c.New) == string(c.Old) // not yet edited by this plan
	doc, err := openMCP(c, c.New, moved)
	if err != nil {
		return err
	}
	c.New = doc.Bytes()
	if fresh {
		c.Finish(true, 0o600)
	}
	return nil
}

// MCPNameOption is setup's --mcp-name: the MCP server entry's name, the
// profile's by default. MCPCommandOption (--mcp-command) is its command
// line: without one, an existing entry of that name gets the triple in
// its env and no new entry is created (keydoctor does not guess a server
// to run). The VS Code tool declares both: it is the one they are for.
var (
	MCPNameOption = tool.Option{Name: "mcp-name", Usage: "Cline MCP server entry name (default the preset name)",
		Default: func(p gateway.Profile) string { return p.Name() }}
	MCPCommandOption = tool.Option{Name: "mcp-command", Usage: "command line of the Cline MCP server, to create the entry where it is missing",
		Alone: "creates Cline's MCP server entry"}
)

// mcpCommand is --mcp-command's command and arguments, else keydoctor's
// own MCP server when setup registers it (--mcp).
func mcpCommand(o writers.Options) []string {
	if cmd := strings.Fields(o.Option(MCPCommandOption.Name)); len(cmd) > 0 || o.MCPServer == nil {
		return cmd
	}
	return o.MCPServer.CommandLine()
}

// mcpEntry is the MCP server entry of the design card, in that order.
type mcpEntry struct {
	Command string          `json:"command"`
	Args    []string        `json:"args"`
	Env     json.RawMessage `json:"env"`
}

func sortedNames(m map[string]hujson.Value) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// PlanEdit stamps every provider entry of providers.json that has no
// updatedAt (writers.EditStampProviders): without one Cline discards the
// whole file.
func (impl) PlanEdit(o writers.Options, e writers.Edit, p *writers.Plan) (bool, error) {
	if e.Kind != writers.EditStampProviders {
		return false, nil
	}
	c, err := p.ChangeFor(e.Tool, ProvidersFile(o.Env))
	if err != nil || !c.Existed {
		return true, err
	}
	doc, err := writers.ParseJSON(c.Path, c.New, false)
	if err != nil {
		return true, err
	}
	now := stampNow(o)
	for _, name := range providersWithoutUpdatedAt(doc) {
		if _, err := doc.Set([]string{Providers, name, UpdatedAt}, now); err != nil {
			return true, err
		}
	}
	c.New = doc.Bytes()
	return true, nil
}
