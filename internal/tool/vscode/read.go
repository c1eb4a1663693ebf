package vscode

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
)

// Settings is what a VS Code-family editor holds for Cline (StateOf).
type Settings struct {
	Editor       Editor
	SettingsPath string
	// ClineMCPServers is the line of a "cline.mcpServers" key in
	// settings.json, which nothing reads (0: absent).
	ClineMCPServers int
	MCPPath         string
	MCPServers      []discover.MCPServer
	// Version is the installed extension's version once doctor detected
	// it (AtVersion), "" before or when none was: a 4.x one reads the
	// shared file instead of MCPPath (ReadsShared).
	Version string
}

// MCPRead is the Cline MCP settings file the editor's extension reads:
// its own MCPPath, or from 4.0.0 the shared one (cline.CLIMCP).
func (st Settings) MCPRead(e *env.Env) string {
	if ReadsShared(st.Version) {
		return cline.CLIMCP(e)
	}
	return st.MCPPath
}

// AtVersion records the detected extension version in every editor's
// state (discover.Versioner): the checks of settings.json name the file
// that version reads. (The version found is VS Code's; the other
// editors' extensions are taken to be alike, as vscode-mcp-legacy does.)
func (impl) AtVersion(s *discover.Snapshot, _ *discover.Tool, version string) {
	st := StateOf(s)
	for i := range st {
		st[i].Version = version
	}
}

// StateOf is what discovery read of the editors' files into s, one entry
// per editor (none when it did not read them).
func StateOf(s *discover.Snapshot) []Settings {
	st, _ := s.State(ID).([]Settings)
	return st
}

// ReadFiles reads each editor's settings.json and Cline's MCP settings.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	id := string(t.ID)
	var all []Settings
	for _, ed := range Editors(s.Env) {
		es := Settings{Editor: ed, SettingsPath: ed.VSCodeSettings(), MCPPath: ed.ClineMCP()}
		s.NotePath(es.SettingsPath, id)
		doc, prob := discover.LoadJSON(id, es.SettingsPath, true)
		if prob != nil {
			s.AddProblem(*prob)
		}
		if doc != nil {
			if r := doc.Get(discover.Esc(MisplacedMCP)); r.Exists() {
				es.ClineMCPServers = doc.Source(r, "").Line
			}
		}
		es.MCPServers = s.ReadMCP(id, es.MCPPath, cline.MCPServers, "Cline")
		all = append(all, es)
	}
	s.SetState(t.ID, all)
}

// Resolve makes a tool of each editor's MCP server that carries a
// gateway triple.
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool {
	var out []discover.Tool
	for _, ed := range StateOf(s) {
		out = append(out, s.ResolveMCP(t.ID, "Cline ("+ed.Editor.Name+")", ed.MCPServers)...)
	}
	return out
}
