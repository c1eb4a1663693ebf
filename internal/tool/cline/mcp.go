package cline

import (
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/tidwall/gjson"
)

// PlansMCPServerInFiles says that PlanFiles registers keydoctor's MCP
// server (setup --mcp) in the CLI's MCP settings, beside the triple's own
// entry (writers.MCPServerInFiles).
func (impl) PlansMCPServerInFiles() {}

// MCPServerEntry is the entry of the CLI's MCP settings that runs
// keydoctor's MCP server: setup --mcp writes it under the profile's name
// (--mcp-name, the design card's entry), so it is found by what it runs
// (a keydoctor binary with the mcp command), not by its name.
func (impl) MCPServerEntry(e *env.Env, _ string) (discover.MCPEntry, bool) {
	path := CLIMCP(e)
	doc, _ := discover.LoadJSON("", path, false)
	if doc == nil {
		return discover.MCPEntry{}, false
	}
	var name string
	doc.Get(MCPServers).ForEach(func(k, v gjson.Result) bool {
		base := strings.TrimSuffix(strings.ToLower(filepath.Base(v.Get("command").String())), ".exe")
		if base == "keydoctor" && v.Get("args.0").String() == "mcp" {
			name = k.String()
			return false
		}
		return true
	})
	if name == "" {
		return discover.MCPEntry{}, false
	}
	return discover.ReadJSONMCPEntry(path, false, MCPServers, name)
}
