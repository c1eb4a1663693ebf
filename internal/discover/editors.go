package discover

import "github.com/keydoctor/keydoctor/internal/tool"

// EditorSettings is what a VS Code-family editor holds for Cline.
type EditorSettings struct {
	Editor       tool.Editor
	SettingsPath string
	// ClineMCPServers is the line of a "cline.mcpServers" key in
	// settings.json, which nothing reads (0: absent).
	ClineMCPServers int
	MCPPath         string
	MCPServers      []MCPServer
}

func (s *Snapshot) readEditors(t tool.Tool) {
	id := string(t.ID)
	for _, ed := range tool.Editors(s.Env) {
		es := EditorSettings{Editor: ed, SettingsPath: ed.VSCodeSettings(), MCPPath: ed.ClineMCP()}
		s.notePath(es.SettingsPath, id)
		doc, prob := loadJSONC(id, es.SettingsPath)
		if prob != nil {
			s.addProblem(*prob)
		}
		if doc != nil {
			if r := doc.get(esc(tool.VSCodeMisplacedMCP)); r.Exists() {
				es.ClineMCPServers = doc.source(r, "").Line
			}
		}
		es.MCPServers = s.readMCP(id, es.MCPPath)
		s.Editors = append(s.Editors, es)
	}
}

// resolveEditors makes a tool of each editor's MCP server that carries a
// gateway triple.
func (s *Snapshot) resolveEditors(t tool.Tool) []Tool {
	var out []Tool
	for _, ed := range s.Editors {
		out = append(out, s.resolveMCP(t.ID, "Cline ("+ed.Editor.Name+")", ed.MCPServers)...)
	}
	return out
}
