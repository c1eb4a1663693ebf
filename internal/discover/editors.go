package discover

import "github.com/keydoctor/keydoctor/internal/toolpaths"

// EditorSettings is what a VS Code-family editor holds for Cline.
type EditorSettings struct {
	Editor       toolpaths.Editor
	SettingsPath string
	// ClineMCPServers is the line of a "cline.mcpServers" key in
	// settings.json, which nothing reads (0: absent).
	ClineMCPServers int
	MCPPath         string
	MCPServers      []MCPServer
}

func (s *Snapshot) readEditors() {
	for _, ed := range toolpaths.Editors(s.Env) {
		es := EditorSettings{Editor: ed, SettingsPath: ed.VSCodeSettings(), MCPPath: ed.ClineMCP()}
		s.notePath(es.SettingsPath, "vscode")
		doc, prob := loadJSONC("vscode", es.SettingsPath)
		if prob != nil {
			s.addProblem(*prob)
		}
		if doc != nil {
			if r := doc.get(esc("cline.mcpServers")); r.Exists() {
				es.ClineMCPServers = doc.source(r, "").Line
			}
		}
		es.MCPServers = s.readMCP("vscode", es.MCPPath)
		s.Editors = append(s.Editors, es)
	}
}
