package vscode

import (
	"context"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
)

// Sheet is where a range of Cline extension versions (its package.json
// version, which toolversion reports) reads MCP servers from
// (docs/tools.md, "Cline in VS Code-family editors").
type Sheet struct {
	// SharedMCP: the extension reads the Cline CLI's file,
	// $CLINE_DIR/data/settings/cline_mcp_settings.json (cline.CLIMCP),
	// shared by every editor and the CLI. Each editor's own file
	// (Editor.ClineMCP) is only a legacy source: its servers missing from
	// the shared file are copied there once, on the first start of such a
	// version, and the file is never read again. False: each editor's
	// own file is the one read.
	SharedMCP bool
}

// Observed is the newest extension version these facts were read for.
const Observed = "4.1.13"

// Facts are the sheets by version, oldest first, read in the extension's
// source (cline/cline apps/vscode), not run: 3.89.2's McpHub on the
// editor's globalStorage settings; 4.0.0 (the commit adding the legacy
// migration, 50797dd) and 4.1.13 (21cb8d2) on the shared file.
var Facts = tool.Facts[Sheet]{
	{Seen: []string{"3.89.2"}, Value: Sheet{SharedMCP: false}},
	{From: "4.0.0", Seen: []string{"4.0.0", "4.1.13"}, Value: Sheet{SharedMCP: true}},
}

// ReadsShared reports whether the detected extension version reads only
// the shared MCP file (cline.CLIMCP). With no version detected it is
// false: the extensions of Cursor, Windsurf and VSCodium lie where
// toolversion does not look, and the versions before 4.0.0 read each
// editor's own file, so neither doctor nor setup assumes the newest.
func ReadsShared(version string) bool {
	return version != "" && Facts.Value(version).SharedMCP
}

// legacyCheck reports, as config-ignored, an editor's own MCP settings
// holding a server the shared file lacks, for a version that reads only
// the shared file: the server never starts. Only a detected version is
// judged: the extensions of Cursor, Windsurf and VSCodium lie where
// toolversion does not look, and setup still writes each editor's own
// file, which the versions before 4.0.0 read.
type legacyCheck struct {
	snap    *discover.Snapshot
	version string
}

func (legacyCheck) Name() string { return "vscode-mcp-legacy" }

func (c legacyCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	if !ReadsShared(c.version) {
		return nil
	}
	shared := cline.CLIMCP(e)
	doc, _ := discover.LoadJSON(string(ID), shared, false)
	var out []doctor.Finding
	for _, ed := range StateOf(c.snap) {
		var missing []string
		for _, sv := range ed.MCPServers {
			if doc == nil || !doc.Get(cline.MCPServers+"."+discover.Esc(sv.Name)).Exists() {
				missing = append(missing, sv.Name)
			}
		}
		if len(missing) == 0 {
			continue
		}
		at := e.Tilde(ed.MCPPath)
		f := doctor.Finding{Code: catalog.ConfigIgnored, Status: doctor.Warning, Tool: ID, Source: at,
			Message: fmt.Sprintf("%s holds the MCP server %s, which %s does not read: it reads %s, into which it copied this file's servers once, on its first start", at, strings.Join(missing, ", "), "the Cline extension "+c.version, e.Tilde(shared)),
			Fix: catalog.Render(catalog.ConfigIgnored, catalog.Slots{Command: checks.SetupFor("cline"),
				Edit: fmt.Sprintf("move %s into %q of %s", strings.Join(missing, ", "), cline.MCPServers, e.Tilde(shared))})}
		out = append(out, f)
	}
	return out
}

// ChecksOffline adds the legacy MCP file check at the layers stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageLayers, Check: legacyCheck{snap: o.Snapshot, version: o.Version(ID)}}}
}
