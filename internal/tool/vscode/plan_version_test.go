package vscode_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"
	"github.com/keydoctor/keydoctor/internal/toolversion"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// mcpServers are the servers of the Cline MCP settings file at path (nil
// when it does not exist).
func mcpServers(t *testing.T, path string) map[string]map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ McpServers map[string]map[string]any }
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return doc.McpServers
}

// shownOf is everything the plan shows a user: its diff and its notes.
func shownOf(p *writers.Plan) string {
	var b strings.Builder
	b.WriteString(writerstest.Diff(p))
	for _, c := range p.Changes {
		b.WriteString(p.Redact(strings.Join(c.Notes, "\n")))
	}
	return b.String()
}

// TestPlanByExtensionVersion: setup writes our MCP entry where the
// installed extension reads it: 3.x and an undetected version each
// editor's own file, 4.x the shared ~/.cline file (cline.CLIMCP), which
// it alone reads; a re-run changes nothing and restore undoes it.
func TestPlanByExtensionVersion(t *testing.T) {
	for _, tt := range []struct {
		name, version string
		shared        bool   // the entry goes to the shared file, not the editor's
		note          string // on the MCP file's change: which file and why
	}{
		{"3.89.2 reads the editor's file", "3.89.2", false, "the Cline extension 3.89.2 reads this editor's own MCP settings file"},
		{"4.1.13 reads the shared file", "4.1.13", true, "the Cline extension 4.1.13 reads MCP servers only from this shared file (from 4.0.0)"},
		{"4.0.0 too", "4.0.0", true, "the Cline extension 4.0.0 reads MCP servers only from this shared file"},
		{"none detected: the editor's file", "", false, "no Cline extension version found: written in the editor's own MCP settings file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			o.ToolOptions = map[string]string{"mcp-command": "npx -y gw-mcp"}
			if tt.version != "" {
				o.Versions = toolversion.Versions{vscode.ID: {Version: tt.version}}
			}
			ed := vscode.Editors(o.Env)[0]
			// The extension ran in VS Code: its storage exists; so does
			// the CLI's settings directory (the 4.x extension makes it).
			writerstest.WriteFile(t, ed.ClineMCP(), `{"mcpServers": {}}`, 0o600)
			shared := cline.CLIMCP(o.Env)
			writerstest.WriteFile(t, shared, `{"mcpServers": {"github": {"command": "npx"}}}`, 0o600)

			p := writerstest.PlanOne(t, o, vscode.ID)
			writerstest.NoKey(t, shownOf(p))
			var notes []string
			for _, c := range p.Pending() {
				notes = append(notes, c.Notes...)
			}
			if len(p.Pending()) != 1 || !strings.Contains(strings.Join(notes, "\n"), tt.note) {
				t.Fatalf("%d pending, notes %q; want one change noting %q", len(p.Pending()), notes, tt.note)
			}
			res := writerstest.Apply(t, o, p)

			written, left := ed.ClineMCP(), shared
			if tt.shared {
				written, left = shared, ed.ClineMCP()
			}
			if got := mcpServers(t, written)["taotoken"]; got["command"] != "npx" || got["env"].(map[string]any)["API_KEY"] != writerstest.Key {
				t.Errorf("%s: our entry %v", written, got)
			}
			if got := mcpServers(t, left); got["taotoken"] != nil {
				t.Errorf("%s got our entry too: %v", left, got)
			}
			if tt.shared && mcpServers(t, shared)["github"] == nil {
				t.Error("the shared file lost its other server")
			}

			if again := writerstest.PlanOne(t, o, vscode.ID); len(again.Pending()) != 0 {
				t.Errorf("re-run: %d pending", len(again.Pending()))
			}
			m, err := writers.ReadManifest(res.Backup)
			if err != nil {
				t.Fatal(err)
			}
			rp, err := writers.PlanRestore(m)
			if err != nil {
				t.Fatal(err)
			}
			writerstest.Apply(t, o, rp)
			if got := mcpServers(t, written)["taotoken"]; got != nil {
				t.Errorf("restore left our entry in %s", written)
			}
		})
	}
}

// TestPlanSharedWithCline: with the 4.x extension, cline's planner and
// vscode's both write our entry into the shared file; in one run, in
// either order, that is one change of it holding the entry once.
func TestPlanSharedWithCline(t *testing.T) {
	for _, ids := range [][]gateway.ToolID{{cline.ID, vscode.ID}, {vscode.ID, cline.ID}} {
		o := writerstest.Options(t)
		o.ToolOptions = map[string]string{"mcp-command": "npx -y gw-mcp", "fix-vscode-mcp": "true"}
		o.Versions = toolversion.Versions{vscode.ID: {Version: "4.1.13"}}
		ed := vscode.Editors(o.Env)[0]
		writerstest.WriteFile(t, ed.VSCodeSettings(), settings, 0o644)
		shared := cline.CLIMCP(o.Env)
		// The 4.x extension made it: both planners write it.
		writerstest.WriteFile(t, shared, `{"mcpServers": {}}`, 0o600)
		p, err := writers.MakePlan(o, ids)
		if err != nil {
			t.Fatalf("%v: %v", ids, err)
		}
		writerstest.NoKey(t, shownOf(p))
		n := 0
		for _, c := range p.Changes {
			if c.Path == shared {
				n++
				if !c.PlannedBy(cline.ID) || !c.PlannedBy(vscode.ID) {
					t.Errorf("%v: the shared change is planned by %s and %v; want both", ids, c.Tool, c.Also)
				}
			}
		}
		if n != 1 {
			t.Fatalf("%v: %d changes of %s, want 1", ids, n, shared)
		}
		writerstest.Apply(t, o, p)
		got := mcpServers(t, shared)
		if got["taotoken"]["command"] != "npx" || got["github"]["command"] != "npx" {
			t.Errorf("%v: shared servers %v; want ours and the moved github", ids, got)
		}
		if again, err := writers.MakePlan(o, ids); err != nil || len(again.Pending()) != 0 {
			t.Errorf("%v: re-run: %v, %d pending", ids, err, len(again.Pending()))
		}
	}
}

// TestFixMisplacedIntoShared: --fix-vscode-mcp on 4.x moves
// cline.mcpServers out of settings.json into the shared file, not into
// the editor's own file, which 4.x never reads.
func TestFixMisplacedIntoShared(t *testing.T) {
	o := writerstest.Options(t)
	o.ToolOptions = map[string]string{"fix-vscode-mcp": "true"}
	o.Versions = toolversion.Versions{vscode.ID: {Version: "4.1.13"}}
	ed := vscode.Editors(o.Env)[0]
	writerstest.WriteFile(t, ed.VSCodeSettings(), settings, 0o644)
	p := writerstest.PlanOne(t, o, vscode.ID)
	writerstest.NoKey(t, shownOf(p))
	if !strings.Contains(shownOf(p), "moved to "+cline.CLIMCP(o.Env)) {
		t.Errorf("the note does not name the shared file:\n%s", shownOf(p))
	}
	writerstest.Apply(t, o, p)
	if got := mcpServers(t, cline.CLIMCP(o.Env)); got["github"]["command"] != "npx" {
		t.Errorf("shared servers %v", got)
	}
	if _, err := os.Stat(ed.ClineMCP()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the editor's own file was written: %v", err)
	}
	if strings.Contains(writerstest.ReadString(t, ed.VSCodeSettings()), vscode.MisplacedMCP) {
		t.Error("settings.json still holds cline.mcpServers")
	}

	// doctor --fix's move (EditMoveMCP) goes there too.
	o2 := writerstest.Options(t)
	o2.Versions = o.Versions
	ed2 := vscode.Editors(o2.Env)[0]
	writerstest.WriteFile(t, ed2.VSCodeSettings(), settings, 0o644)
	fp, refused, err := writers.PlanEdits(o2, []writers.Edit{{Kind: writers.EditMoveMCP, Tool: vscode.ID, Path: ed2.VSCodeSettings()}})
	if err != nil || len(refused) > 0 {
		t.Fatalf("PlanEdits: %v %v", err, refused)
	}
	writerstest.Apply(t, o2, fp)
	if got := mcpServers(t, cline.CLIMCP(o2.Env)); got["github"]["command"] != "npx" {
		t.Errorf("doctor --fix: shared servers %v", got)
	}
}
