package vscode

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/tailscale/hujson"
)

// fixOption is setup's --fix-vscode-mcp: move a `cline.mcpServers` key
// found in an editor's settings.json (read by nothing) into that
// editor's Cline MCP file.
var fixOption = tool.Option{Name: "fix-vscode-mcp", Bool: true,
	Usage: "move cline.mcpServers out of VS Code settings.json into Cline's MCP settings file"}

func fixMisplaced(o writers.Options) bool { return o.Option(fixOption.Name) == "true" }

// PlansByVersion: PlanFiles writes the MCP file the installed extension
// reads (writers.ByVersion).
func (impl) PlansByVersion() {}

// PlanFiles writes our MCP server entry into the MCP settings file the
// installed Cline extension reads, and on request moves a
// `cline.mcpServers` key out of each editor's settings.json (a place
// nothing reads, where some guides tell users to put MCP servers) into
// that file: from 4.0.0 the shared cline.CLIMCP (planShared), before it
// or with no version detected each editor's own file.
func (impl) PlanFiles(o writers.Options, _ tool.Tool) ([]*writers.Change, error) {
	if v := o.Version(ID); ReadsShared(v) {
		return planShared(o, v)
	}
	var out []*writers.Change
	for _, ed := range Editors(o.Env) {
		settings, moved, err := planMisplacedMCP(o, ed, ed.ClineMCP())
		if err != nil {
			return nil, err
		}
		mcp, err := cline.PlanMCP(o, ed.ClineMCP(), moved)
		if err != nil {
			return nil, err
		}
		if settings != nil {
			out = append(out, settings)
		}
		if mcp != nil {
			if v := o.Version(ID); v != "" {
				mcp.Notef("the Cline extension %s reads this editor's own MCP settings file (the shared %s from 4.0.0)", v, cline.CLIMCP(o.Env))
			} else {
				mcp.Notef("no Cline extension version found: written in the editor's own MCP settings file, which the extension reads before 4.0.0 (from 4.0.0 it reads %s)", cline.CLIMCP(o.Env))
			}
			out = append(out, mcp)
		}
	}
	return out, nil
}

// planShared plans, for an extension version v that reads only the
// shared file, our entry there (the same entry cline's planner writes:
// with both tools in one run, one change of the file) and the servers
// moved out of every editor's settings.json. The editors' own files are
// left alone: v never reads them again.
func planShared(o writers.Options, v string) ([]*writers.Change, error) {
	shared := cline.CLIMCP(o.Env)
	var out []*writers.Change
	moved := map[string]hujson.Value{}
	for _, ed := range Editors(o.Env) {
		settings, m, err := planMisplacedMCP(o, ed, shared)
		if err != nil {
			return nil, err
		}
		for _, name := range slices.Sorted(maps.Keys(m)) {
			if _, dup := moved[name]; dup {
				settings.Notef("server %q not moved: another editor's settings.json has one of that name", name)
				continue
			}
			moved[name] = m[name]
		}
		if settings != nil {
			out = append(out, settings)
		}
	}
	mcp, err := cline.PlanMCP(o, shared, moved)
	if err != nil {
		return nil, err
	}
	if mcp != nil {
		mcp.Notef("the Cline extension %s reads MCP servers only from this shared file (from 4.0.0), not from each editor's own", v)
		out = append(out, mcp)
	}
	return out, nil
}

// planMisplacedMCP finds cline.mcpServers in an editor's settings.json.
// With --fix-vscode-mcp it plans removing the key (comments and trailing
// commas elsewhere kept) and returns the servers to move; without, it
// returns an unchanged writers.Change whose note says what to do.
func planMisplacedMCP(o writers.Options, ed Editor, mcpFile string) (*writers.Change, map[string]hujson.Value, error) {
	path := ed.VSCodeSettings()
	c, err := writers.ReadFile(path)
	if err != nil || !c.Existed {
		if !fixMisplaced(o) {
			return nil, nil, nil // we only read it to help; never refuse the run for it
		}
		return nil, nil, err
	}
	doc, err := writers.ParseJSON(path, c.Old, true)
	if err != nil {
		if !fixMisplaced(o) {
			return nil, nil, nil
		}
		return nil, nil, err
	}
	v := doc.Lookup(MisplacedMCP)
	if v == nil {
		return nil, nil, nil
	}
	c.New = c.Old
	c.Finish(false, 0o644)
	if !fixMisplaced(o) {
		c.Notef("%s holds %q, which nothing reads; run setup with --fix-vscode-mcp to move it to %s", ed.Name+"'s settings.json", MisplacedMCP, mcpFile)
		return c, nil, nil
	}
	obj, ok := v.Value.(*hujson.Object)
	if !ok {
		return nil, nil, doc.NotObject([]string{MisplacedMCP}, *v)
	}
	moved := map[string]hujson.Value{}
	for _, m := range obj.Members {
		moved[m.Name.Value.(hujson.Literal).String()] = m.Value
	}
	doc.Remove(MisplacedMCP)
	c.New = doc.Bytes()
	c.Notef("removed %q (moved to %s)", MisplacedMCP, mcpFile)
	return c, moved, nil
}

// PlanEdit moves a cline.mcpServers key out of the editor settings.json
// at e.Path into the Cline MCP file the installed extension reads (that
// editor's own, or from 4.0.0 the shared one) (writers.EditMoveMCP), as
// setup's --fix-vscode-mcp does, and changes nothing else: no profile is
// needed, and our own server entry is not touched.
func (impl) PlanEdit(o writers.Options, e writers.Edit, p *writers.Plan) (bool, error) {
	if e.Kind != writers.EditMoveMCP {
		return false, nil
	}
	opts := maps.Clone(o.ToolOptions)
	if opts == nil {
		opts = map[string]string{}
	}
	opts[fixOption.Name] = "true"
	o.ToolOptions = opts
	for _, ed := range Editors(o.Env) {
		if ed.VSCodeSettings() != e.Path {
			continue
		}
		into := ed.ClineMCP()
		if ReadsShared(o.Version(ID)) {
			into = cline.CLIMCP(o.Env)
		}
		settings, moved, err := planMisplacedMCP(o, ed, into)
		if err != nil || settings == nil {
			return true, err
		}
		settings.Tool = ID
		if err := p.Add(settings); err != nil {
			return true, err
		}
		// Two editors' moves go into one shared file: one change of it.
		return true, cline.MoveMCP(p, ID, into, moved)
	}
	return true, writers.Refuse(e.Path, "", "not an editor's settings.json keydoctor knows")
}

// SetupAbsence is why no Cline MCP settings file was planned
// (setup.Absence): no editor with the extension, or the file has no entry
// of ours and no command to create one; either way the remedy is to run
// the extension, which creates the file.
func (impl) SetupAbsence(e *env.Env) (why, remedy string) {
	const run = "run the editor with the Cline extension once"
	var found []string
	for _, ed := range Editors(e) {
		// The extension's storage exists once Cline ran in that editor.
		if _, err := os.Stat(filepath.Dir(filepath.Dir(ed.ClineMCP()))); err == nil {
			found = append(found, e.Tilde(ed.ClineMCP()))
		}
	}
	if len(found) == 0 {
		return "no VS Code (or Cursor, VSCodium…) with the Cline extension was found: its MCP settings file, " +
			e.Tilde(Editors(e)[0].ClineMCP()) + ", appears once the extension has run", run
	}
	return "no MCP server entry to update in " + strings.Join(found, ", ") + "; --mcp-command 'CMD ARGS' creates one", run
}
