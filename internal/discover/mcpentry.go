package discover

import "github.com/tidwall/gjson"

// MCPEntry is keydoctor's own MCP server entry in a tool's MCP
// configuration (setup --mcp writes it): the command and arguments the
// tool will start.
type MCPEntry struct {
	File    string
	Line    int
	Command string
	Args    []string
}

// ReadJSONMCPEntry reads the entry at path (mcpServers, keydoctor) of a
// JSON or JSONC file; command is either a string (with args beside it) or
// a list holding the command and its arguments. False when
// the file or the entry is absent or does not parse.
func ReadJSONMCPEntry(path string, jsonc bool, at ...string) (MCPEntry, bool) {
	doc, _ := LoadJSON("", path, jsonc)
	if doc == nil {
		return MCPEntry{}, false
	}
	r := doc.Get(EscPath(at))
	if !r.IsObject() {
		return MCPEntry{}, false
	}
	e := MCPEntry{File: path, Line: doc.Source(r, "").Line}
	cmd := r.Get("command")
	if cmd.IsArray() {
		for i, a := range cmd.Array() {
			if i == 0 {
				e.Command = a.String()
			} else {
				e.Args = append(e.Args, a.String())
			}
		}
	} else {
		e.Command = cmd.String()
		r.Get("args").ForEach(func(_, a gjson.Result) bool { e.Args = append(e.Args, a.String()); return true })
	}
	return e, true
}

// ReadTOMLMCPEntry reads the entry in the table at (mcp_servers,
// keydoctor) of a TOML file: command and args.
func ReadTOMLMCPEntry(path string, at ...string) (MCPEntry, bool) {
	b, ok, err := ReadFile(path)
	if !ok || err != nil {
		return MCPEntry{}, false
	}
	var doc map[string]any
	if UnmarshalTOML(b, &doc) != nil {
		return MCPEntry{}, false
	}
	var v any = doc
	for _, k := range at {
		m, ok := v.(map[string]any)
		if !ok {
			return MCPEntry{}, false
		}
		v = m[k]
	}
	t, ok := v.(map[string]any)
	if !ok {
		return MCPEntry{}, false
	}
	e := MCPEntry{File: path, Line: TOMLLines(b)[TOMLPath(append(at, "command")...)]}
	e.Command, _ = t["command"].(string)
	args, _ := t["args"].([]any)
	for _, a := range args {
		if s, ok := a.(string); ok {
			e.Args = append(e.Args, s)
		}
	}
	return e, true
}
