package catalog

// mcpEntries are the codes of keydoctor's own MCP server entry in a tool's
// MCP configuration (setup --mcp writes it; `keydoctor mcp` serves it).
var mcpEntries = []Entry{
	{Code: MCPServerBroken, Class: Config, Rung: CondEnvironment, Severity: Warning, FixRank: 195, Title: "keydoctor's MCP server entry does not start",
		Causes: []string{
			"the entry names a keydoctor binary that was moved, removed or replaced (an upgrade to another path, a deleted build)",
			"the file is not executable by the user, or it is not keydoctor",
			"the server started but did not answer the MCP handshake (initialize, tools/list) in time",
		},
		Fix:      "run '{command|keydoctor setup --mcp}' to point the entry[ in {file}] at this keydoctor again, or remove the entry",
		Symptoms: []string{"mcp server failed", "mcp server keydoctor", "failed to connect", "mcp error"},
	},
}
