package vscode

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
)

// Cline in VS Code-family editors (docs/tools.md, "Cline VS Code
// extension"): keydoctor writes only the MCP server entry of its MCP
// settings file. A "cline.mcpServers" key in the editor's settings.json is
// read by nothing.
const MisplacedMCP = "cline.mcpServers"

// Editor is a VS Code-family editor.
type Editor struct {
	Name string // "Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"
	Dir  string // its user directory
}

// editorNames are the application folder names of VS Code-family editors.
var editorNames = []string{"Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"}

// Editors lists the user directories of every VS Code-family editor for
// this OS, whether or not they exist.
func Editors(e *env.Env) []Editor {
	var base string
	switch e.GOOS {
	case "darwin":
		base = filepath.Join(e.Home, "Library", "Application Support")
	case "windows":
		base = e.Getenv("APPDATA")
		if base == "" {
			base = filepath.Join(e.Home, "AppData", "Roaming")
		}
	default:
		base = e.ConfigHome()
	}
	out := make([]Editor, 0, len(editorNames))
	for _, n := range editorNames {
		out = append(out, Editor{Name: n, Dir: filepath.Join(base, n, "User")})
	}
	return out
}

// VSCodeSettings is an editor's settings.json (JSON with comments).
func (ed Editor) VSCodeSettings() string { return filepath.Join(ed.Dir, "settings.json") }

// Extension is the Cline extension's id (publisher.name): its storage
// directory's name, and <extensions>/<id>-<version>/ where VS Code keeps
// it installed.
const Extension = "saoudrizwan.claude-dev"

// ClineStorage is the Cline extension's storage in this editor.
func (ed Editor) ClineStorage() string {
	return filepath.Join(ed.Dir, "globalStorage", Extension)
}

// ClineMCP is the Cline extension's MCP settings file in this editor.
func (ed Editor) ClineMCP() string {
	return filepath.Join(ed.ClineStorage(), "settings", "cline_mcp_settings.json")
}
