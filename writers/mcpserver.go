package writers

import (
	"github.com/keydoctor/keydoctor/internal/format/tomledit"
	"github.com/keydoctor/keydoctor/internal/format/tomlstr"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// MCPServer is keydoctor's own MCP server (keydoctor mcp) as setup
// registers it with each tool (--mcp): the absolute path of the running
// binary and its arguments. Nothing in it comes from a file setup reads.
type MCPServer struct {
	Command string
	Args    []string
	// ByCLI are the tools that register it with their own command
	// instead (a tool that rewrites its own settings file while it runs,
	// so that an edit beside it would be lost), each with that command's
	// path: their planner plans nothing, the caller runs that command
	// after the plan is applied (setup.MCPByCLI).
	ByCLI map[gateway.ToolID]string
}

// MCPServerName is the entry's name in every tool's MCP configuration.
const MCPServerName = "keydoctor"

// MCPServerPlanner is what a tool package implements to register
// keydoctor's MCP server in the tool's own MCP configuration, when
// Options.MCPServer is set: an edit of the plan's change of that file
// (Plan.ChangeFor: on top of what the tool's PlanFiles planned for it),
// as minimal as every other edit.
type MCPServerPlanner interface {
	PlanMCPServer(o Options, t tool.Tool, p *Plan) error
}

// MCPServerInFiles is what a tool package implements whose PlanFiles
// registers keydoctor's MCP server itself (a tool whose entry lives in the
// file that also holds its triple), instead of an MCPServerPlanner.
type MCPServerInFiles interface {
	PlansMCPServerInFiles()
}

// RegistersMCPServer reports whether setup --mcp registers keydoctor's MCP
// server with t: what setup's help lists and the wizard asks about.
func RegistersMCPServer(t tool.Tool) bool {
	switch t.Impl.(type) {
	case MCPServerPlanner, MCPServerInFiles:
		return true
	}
	return false
}

// planMCPServer registers the server with t when asked and t can.
func planMCPServer(o Options, t tool.Tool, p *Plan) error {
	if o.MCPServer == nil {
		return nil
	}
	if mp, ok := t.Impl.(MCPServerPlanner); ok {
		return mp.PlanMCPServer(o, t, p)
	}
	return nil
}

// MCPField is one key of an MCP server entry and its value.
type MCPField struct {
	Key   string
	Value any
}

// StdioEntry is the entry most tools read (an mcpServers member):
// {"command", "args"}.
func (s MCPServer) StdioEntry() []MCPField {
	return []MCPField{{"command", s.Command}, {"args", append([]string{}, s.Args...)}}
}

// CommandLine is the command and its arguments as one list (for a tool
// whose entry has a single "command" list).
func (s MCPServer) CommandLine() []string { return append([]string{s.Command}, s.Args...) }

// PlanJSONMCPServer sets the fields of the entry at path (the servers'
// object, then the entry's name: mcpServers, keydoctor) in a JSON or JSONC
// file, keeping every other key of the entry (its env, a timeout the user
// set) and every other byte. A new file gets mode 0644 unless the plan
// already gave it one (it may hold a key).
func PlanJSONMCPServer(p *Plan, id gateway.ToolID, file string, jsonc bool, path []string, fields []MCPField) error {
	c, err := p.ChangeFor(id, file)
	if err != nil {
		return err
	}
	doc, err := ParseJSON(file, c.New, jsonc)
	if err != nil {
		return err
	}
	if _, err := doc.Object(path...); err != nil {
		return err
	}
	for _, f := range fields {
		if _, err := doc.Set(append(append([]string{}, path...), f.Key), f.Value); err != nil {
			return err
		}
	}
	c.New = doc.Bytes()
	if !c.Existed && c.Mode == 0 {
		c.Finish(false, 0o644)
	}
	return nil
}

// PlanTOMLMCPServer sets command and args in the table path of a TOML
// file ([mcp_servers.keydoctor], say), keeping every other line.
func PlanTOMLMCPServer(p *Plan, id gateway.ToolID, file string, path []string, s MCPServer) error {
	c, err := p.ChangeFor(id, file)
	if err != nil {
		return err
	}
	doc, err := tomledit.Parse(c.New)
	if err != nil {
		return Refuse(file, "", "cannot parse: %v", err)
	}
	args := "["
	for i, a := range s.Args {
		if i > 0 {
			args += ", "
		}
		args += tomlstr.Quote(a)
	}
	args += "]"
	if err := doc.Set(path, "command", tomlstr.Quote(s.Command)); err != nil {
		return err
	}
	if err := doc.Set(path, "args", args); err != nil {
		return err
	}
	c.New = doc.Bytes()
	if !c.Existed && c.Mode == 0 {
		c.Finish(false, 0o644)
	}
	return nil
}
