package vscode

import (
	"fmt"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/writers"
)

// ChecksIgnored reports, part of config-ignored, an editor settings.json
// holding Cline's MCP servers, which nothing reads there.
func (impl) ChecksIgnored(e *env.Env, s *discover.Snapshot) (foreign, _ []doctor.Finding) {
	var out []doctor.Finding
	for _, ed := range StateOf(s) {
		if ed.ClineMCPServers == 0 {
			continue
		}
		at := fmt.Sprintf("%s:%d", e.Tilde(ed.SettingsPath), ed.ClineMCPServers)
		f := doctor.Finding{Code: catalog.ConfigIgnored, Status: doctor.Warning, Tool: ID,
			Message: fmt.Sprintf("%s has a %q key: nothing reads it; Cline takes MCP servers from its own cline_mcp_settings.json", at, MisplacedMCP),
			Fix: catalog.Render(catalog.ConfigIgnored, catalog.Slots{Command: checks.SetupFor("vscode"), Edit: fmt.Sprintf("move the servers into %q of %s and delete %q from %s",
				cline.MCPServers, e.Tilde(ed.MCPRead(e)), MisplacedMCP, at)})}
		// --fix moves them as setup's --fix-vscode-mcp does (PlanEdit)
		f = checks.Placed(e, f, discover.Source{File: ed.SettingsPath, Line: ed.ClineMCPServers, Key: MisplacedMCP})
		out = append(out, checks.WithEdit(f, writers.Edit{Kind: writers.EditMoveMCP, Tool: ID, Path: ed.SettingsPath}))
	}
	return out, nil
}
