package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"
	"github.com/keydoctor/keydoctor/writers"
)

// checkAlone refuses a tool's option that does something only with its
// tool (tool.Option.Alone) when that tool is not being set up: a flag
// that does nothing would look like it worked.
func checkAlone(o *setupOptions, tools []gateway.ToolID) error {
	for _, t := range tool.All() {
		for _, op := range t.Options {
			if op.Alone == "" || o.ToolOptions[op.Name] == "" || slices.Contains(tools, t.ID) {
				continue
			}
			return usageErrorf(fmt.Sprintf("add %s to --tools, or drop --%s", t.ID, op.Name), "--%s %s, and %s is not among the tools to set up", op.Name, op.Alone, t.ID)
		}
	}
	return nil
}

// untargeted says, for each chosen tool the plan writes nothing for, why;
// when no chosen tool has anything to write, setup refuses (exit 2): it
// would otherwise report "nothing changed" about files that do not exist.
func untargeted(o *setupOptions, tools []gateway.ToolID, plan *writers.Plan) ([]string, error) {
	if err := checkAlone(o, tools); err != nil {
		return nil, err
	}
	var notes []string
	for _, t := range tools {
		if slices.ContainsFunc(plan.Changes, func(c *writers.Change) bool { return c.Tool == t }) {
			continue
		}
		why := string(t) + ": nothing to write"
		if t == vscode.ID {
			why = "vscode: " + vscodeAbsence(o)
		}
		notes = append(notes, why)
	}
	if len(plan.Changes) == 0 && len(notes) > 0 {
		return nil, usageErrorf("run the editor with the Cline extension once, or choose other --tools", "%s", strings.Join(notes, "; "))
	}
	return notes, nil
}

// vscodeAbsence is why no Cline MCP settings file was planned: no editor
// with the extension, or the file has no entry of ours and no command to
// create one.
func vscodeAbsence(o *setupOptions) string {
	var found []string
	for _, ed := range vscode.Editors(o.Env) {
		// The extension's storage exists once Cline ran in that editor.
		if _, err := os.Stat(filepath.Dir(filepath.Dir(ed.ClineMCP()))); err == nil {
			found = append(found, o.Env.Tilde(ed.ClineMCP()))
		}
	}
	if len(found) == 0 {
		return "no VS Code (or Cursor, VSCodium…) with the Cline extension was found: its MCP settings file, " +
			o.Env.Tilde(vscode.Editors(o.Env)[0].ClineMCP()) + ", appears once the extension has run"
	}
	return "no MCP server entry to update in " + strings.Join(found, ", ") + "; --mcp-command 'CMD ARGS' creates one"
}
