package checks

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/codex"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"
)

// ignoredCheck reports config-ignored: settings no tool reads. A warning:
// nothing breaks by itself, but the user believes something is configured
// that is not. A reserved Codex provider id that model_provider selects is
// an error: the custom base_url is dropped and Codex talks to the built-in
// provider instead.
type ignoredCheck struct{ snap *discover.Snapshot }

func (ignoredCheck) Name() string { return "ignored-settings" }

func (c ignoredCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, ed := range vscode.StateOf(c.snap) {
		if ed.ClineMCPServers == 0 {
			continue
		}
		at := fmt.Sprintf("%s:%d", e.Tilde(ed.SettingsPath), ed.ClineMCPServers)
		out = append(out, doctor.Finding{Code: catalog.ConfigIgnored, Status: doctor.Warning, Tool: "vscode", Source: at,
			Message: fmt.Sprintf("%s has a %q key: nothing reads it; Cline takes MCP servers from its own cline_mcp_settings.json", at, tool.VSCodeMisplacedMCP),
			Fix: catalog.Render(catalog.ConfigIgnored, catalog.Slots{Command: setupFor("vscode"), Edit: fmt.Sprintf("move the servers into %q of %s and delete %q from %s",
				tool.ClineMCPServers, e.Tilde(ed.MCPPath), tool.VSCodeMisplacedMCP, at)})})
	}
	cx := codex.StateOf(c.snap)
	selected := cx.SelectedProvider().Value
	for _, id := range cx.ProviderIDs {
		if _, reserved := tool.CodexReservedID(id); !reserved {
			continue
		}
		p := cx.Providers[id]
		at := fmt.Sprintf("%s:%d", e.Tilde(cx.ConfigPath), p.Line)
		st, extra := doctor.Warning, ""
		if id == selected {
			st, extra = doctor.Error, "; model_provider selects it, so Codex uses the built-in provider, not this base_url"
		}
		out = append(out, doctor.Finding{Code: catalog.ConfigIgnored, Status: st, Tool: "codex", Source: at,
			Message: fmt.Sprintf("[model_providers.%s] uses a reserved provider id: Codex ignores the table%s", id, extra),
			Fix: catalog.Render(catalog.ConfigIgnored, catalog.Slots{Command: setupFor("codex"), Edit: fmt.Sprintf("rename [model_providers.%s] to a new id (e.g. [model_providers.gateway]) in %s and set model_provider = \"gateway\"",
				id, at)})})
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "no setting that tools ignore"})
	}
	return out
}
