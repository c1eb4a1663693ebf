package writers

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// Options are what the writers need besides the files themselves.
type Options struct {
	Env     *env.Env
	Profile gateway.Profile
	Project string // where the project-scope files live

	// Scope is which of its settings files a tool with scopes writes
	// (a tool option's value, e.g. user, the default, project or local).
	Scope string

	// ToolOptions are the values given to the registered tools' Options,
	// by name; Option reads them.
	ToolOptions map[string]string

	// KeyEnv is the variable that holds the key, as the caller chose it
	// (a team file's key_env, where every developer keeps the key; or
	// --key-env), for a file that names the variable; "" for the tool's
	// own default.
	KeyEnv string

	// DotEnvVars are the variable names .env gets; default the profile's
	// preset's (use keeps the names the file holds: the project's code
	// reads those).
	DotEnvVars *tool.Vars

	// MCPServer, when set, is keydoctor's MCP server to register in each
	// tool's MCP configuration (setup --mcp; MCPServerPlanner).
	MCPServer *MCPServer

	// Versions are the installed versions of the tools to write
	// (toolversion.ForIDs): a planner writes the files the installed
	// version reads (Version).
	Versions toolversion.Versions

	// tools are the tools of the plan being made (Planned).
	tools []gateway.ToolID
	// plan is the plan being made: what earlier tools' planners planned
	// (ReadPlanned).
	plan *Plan
}

// Version is the installed version of tool id, "" when none was
// detected: a planner looks its facts up for it (tool.Facts.Value, the
// newest when "").
func (o Options) Version(id gateway.ToolID) string {
	return o.Versions[id].Version
}

// ReadPlanned is the change an earlier tool's planner of this plan made
// of path, and true (two tools writing one shared file: the second edits
// the first's New, and returning that change again from PlanFiles keeps
// one change of the file), else the file read now (ReadFile) and false.
func (o Options) ReadPlanned(path string) (*Change, bool, error) {
	c, err := ReadFile(path)
	if err != nil || o.plan == nil {
		return c, false, err
	}
	if have := o.plan.Find(c.target); have != nil {
		return have, true, nil
	}
	return c, false, nil
}

// Planner is what a tool package implements (its tool.Tool's Impl) for
// setup to write it: the changes that give the tool o's profile, one per
// file, each read and planned but nothing written.
type Planner interface {
	PlanFiles(o Options, t tool.Tool) ([]*Change, error)
}

// ByVersion is what a tool package implements whose planner writes the
// files its installed version reads (Options.Version): setup detects the
// versions of those tools alone (VersionedIDs), not running every other
// tool's --version for nothing.
type ByVersion interface {
	PlansByVersion()
}

// VersionedIDs are the tools among ids whose planner plans by version.
func VersionedIDs(ids []gateway.ToolID) []gateway.ToolID {
	var out []gateway.ToolID
	for _, id := range ids {
		if t, ok := tool.Lookup(string(id)); ok {
			if _, ok := t.Impl.(ByVersion); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// plannerOf is t's planner, or nil when setup does not write t.
func plannerOf(t tool.Tool) func(Options, tool.Tool) ([]*Change, error) {
	if !t.Setup {
		return nil
	}
	if p, ok := t.Impl.(Planner); ok {
		return p.PlanFiles
	}
	return nil
}

// Writes reports whether setup has a writer for t.
func Writes(t tool.Tool) bool { return plannerOf(t) != nil }

// Planned are the tools of the plan being made: a tool's files may depend
// on another's (a tool reading the first .env found, on the project .env
// planned beside it).
func (o Options) Planned() []gateway.ToolID { return o.tools }

// PlansDotEnv reports whether path is a file a tool of tool.FormatDotEnv
// in the plan writes: a .env that exists once the plan is applied.
func (o Options) PlansDotEnv(path string) bool {
	want, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	for _, id := range o.tools {
		t, ok := tool.Lookup(string(id))
		if !ok || t.Format != tool.FormatDotEnv {
			continue
		}
		for _, f := range t.FilesOf(o.Env, o.Project) {
			if got, err := filepath.Abs(f.Path); err == nil && got == want {
				return true
			}
		}
	}
	return false
}

// MakePlan plans every tool. Any file that cannot be edited safely stops
// the whole plan: nothing is written when one file is refused.
func MakePlan(o Options, ids []gateway.ToolID) (*Plan, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	p := &Plan{}
	o.tools, o.plan = ids, p
	for _, id := range ids {
		t, ok := tool.Lookup(string(id))
		plan := plannerOf(t)
		if !ok || plan == nil {
			return nil, fmt.Errorf("no writer for %s", id)
		}
		cs, err := plan(o, t)
		if err != nil {
			// A refused project file reached through a forbidden link is
			// refused for the link: what lies at its target (a shell
			// profile, .git/config) is not the project's to parse.
			var re *RefusedError
			if errors.As(err, &re) {
				if lerr := checkLink(o, &Change{Path: re.Path}); lerr != nil {
					return nil, lerr
				}
			}
			return nil, err
		}
		var fresh []*Change
		for _, c := range cs {
			if p.Find(c.target) == c {
				// an earlier tool's change, edited further (ReadPlanned)
				if !c.PlannedBy(id) {
					c.Also = append(c.Also, id)
				}
				continue
			}
			c.Tool = id
			c.AddSecrets(o.Profile.Key) // the files' own secrets: secretsShown, scanned once
			fresh = append(fresh, c)
		}
		if err := p.Add(fresh...); err != nil {
			return nil, err
		}
		if err := planMCPServer(o, t, p); err != nil {
			return nil, err
		}
	}
	if err := checkLinks(o, p); err != nil {
		return nil, err
	}
	return p, nil
}

func (o *Options) defaults() error {
	if o.Env == nil {
		return fmt.Errorf("writers: no environment")
	}
	if err := o.Profile.CheckModels(); err != nil {
		return err // a model id a tool's file must never carry
	}
	if o.Project == "" {
		o.Project = "."
	}
	if err := o.checkToolOptions(); err != nil {
		return err
	}
	return nil
}

// Option is the value of the tool option name (tool.Option): the one
// given, else its default.
func (o Options) Option(name string) string {
	if v := o.ToolOptions[name]; v != "" {
		return v
	}
	op, _ := toolOption(name)
	switch {
	case op.Default != nil:
		return op.Default(o.Profile)
	case len(op.Values) > 0:
		return op.Values[0]
	}
	return ""
}

func toolOption(name string) (tool.Option, bool) {
	for _, t := range tool.All() {
		for _, op := range t.Options {
			if op.Name == name {
				return op, true
			}
		}
	}
	return tool.Option{}, false
}

// checkToolOptions refuses a value a tool's option does not allow.
func (o Options) checkToolOptions() error {
	for _, t := range tool.All() {
		for _, op := range t.Options {
			if op.Check != nil {
				if err := op.Check(o.Option(op.Name), o.Profile); err != nil {
					return err
				}
			}
			v := o.ToolOptions[op.Name]
			if v == "" || op.Values == nil || slices.Contains(op.Values, v) {
				continue
			}
			uses := make([]string, len(op.Values))
			for i, a := range op.Values {
				uses[i] = "--" + op.Name + " " + a
			}
			return &gateway.UsageError{Msg: fmt.Sprintf("unknown %s %q", op.Title, v), Hint: "use " + strings.Join(uses, " or ")}
		}
	}
	return nil
}
