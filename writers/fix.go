package writers

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// EditKind is one kind of file edit `doctor --fix` asks for. Each reuses
// setup's planners where one exists, so a fix writes exactly what setup
// would.
type EditKind int

const (
	// EditTriple re-plans the tool's triple from the profile, as setup
	// does: a doubled or missing /v1, a drifted value, a second key, a
	// wrong wire_api all become setup's values.
	EditTriple EditKind = iota + 1
	// EditSecretMode makes Path 0600.
	EditSecretMode
	// EditIgnoreEnv adds the project's .env to its .gitignore.
	EditIgnoreEnv
	// EditStampProviders gives every provider entry of a tool's file the
	// stamp the tool needs (the tool's EditPlanner knows which).
	EditStampProviders
	// EditSetBase sets the base URL at Key in Path to Value alone: a URL's
	// shape (an endpoint, a doubled or missing /v1) fixed by the tool's
	// rule on the root the file's URL names, the same host. It is an
	// EditTriple's Alone, for when no profile is given to re-plan the
	// triple from (a project's .env that holds the key itself).
	EditSetBase
	// EditMoveMCP moves MCP servers out of Path, where nothing reads them
	// (an extension's key in its editor's settings.json), into the file
	// the tool reads, as setup's option for it does (the tool's
	// EditPlanner).
	EditMoveMCP
)

// Edit is one file edit asked for by a finding.
type Edit struct {
	Kind EditKind
	Tool gateway.ToolID
	// Path is the file the finding is about: the one EditSecretMode
	// tightens, the one an EditTriple must rewrite ("" for a default).
	Path string
	// Background: an EditTriple that sets the profile's background model
	// (Options.Profile.BackgroundModel).
	Background bool
	// Key and Value are an EditSetBase's variable and base URL.
	Key, Value string
	// Alone is the edit of the value alone (EditSetBase) an EditTriple
	// falls back to when the triple cannot be re-planned; nil: none.
	Alone *Edit
}

// BaseEditor is a tool package that plans an EditSetBase of its files.
type BaseEditor interface {
	PlanSetBase(o Options, e Edit, p *Plan) error
}

// SetBaseEdit is the EditSetBase of key in path to value, when the tool
// plans one (BaseEditor); nil otherwise.
func SetBaseEdit(id gateway.ToolID, path, key, value string) *Edit {
	t, ok := tool.Lookup(string(id))
	if !ok || path == "" || key == "" || value == "" {
		return nil
	}
	if _, ok := t.Impl.(BaseEditor); !ok {
		return nil
	}
	return &Edit{Kind: EditSetBase, Tool: t.ID, Path: path, Key: key, Value: value}
}

// TripleEdit is the edit that fixes a value of tool id set in the file
// path: setup's triple re-planned whole. nil when setup does not write the
// tool or the value is not in a file (a shell variable is a step for the
// user).
func TripleEdit(id gateway.ToolID, path string) *Edit {
	t, ok := tool.Lookup(string(id))
	if !ok || !t.Setup || !Writes(t) || path == "" {
		return nil
	}
	return &Edit{Kind: EditTriple, Tool: t.ID, Path: path}
}

// PlanEdits plans edits into one Plan. An edit whose file setup refuses
// (it does not parse, is read-only, …) does not stop the others: it is
// returned in refused with the reason, and the plan leaves its files alone.
func PlanEdits(o Options, edits []Edit) (p *Plan, refused map[int]error, err error) {
	if err := o.defaults(); err != nil {
		return nil, nil, err
	}
	p, refused = &Plan{}, map[int]error{}
	planned := map[gateway.ToolID]*Plan{}
	for i, e := range edits {
		if e.Kind != EditTriple {
			continue
		}
		one, ok := planned[e.Tool]
		if !ok {
			one, err = MakePlan(o, []gateway.ToolID{e.Tool})
			if err == nil {
				err = writesSource(one, e.Path)
			}
			if err == nil {
				err = p.Add(one.Changes...)
			}
			if err != nil {
				refused[i] = err
				continue
			}
			planned[e.Tool] = one
		} else if err := writesSource(one, e.Path); err != nil {
			refused[i] = err
		}
	}
	for i, e := range edits {
		if e.Kind == EditTriple {
			continue
		}
		before := map[*Change]bool{}
		for _, c := range p.Changes {
			before[c] = true
		}
		err := p.planEdit(o, e)
		for j := 0; err == nil && j < len(p.Changes); j++ {
			if c := p.Changes[j]; !before[c] {
				if err = checkLink(o, c); err != nil {
					p.Changes = append(p.Changes[:j], p.Changes[j+1:]...)
				}
			}
		}
		if err != nil {
			var re *RefusedError
			if !errors.As(err, &re) {
				return nil, nil, err
			}
			refused[i] = err
		}
	}
	return p, refused, nil
}

// writesSource refuses a triple whose plan does not rewrite the file the
// value comes from (a project's settings that override the user's): the
// finding would stay, and a key written beside a base URL that another
// file overrides could go to that other host.
func writesSource(plan *Plan, path string) error {
	if path == "" {
		return nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	for _, c := range plan.Changes {
		if p, _ := filepath.Abs(c.Path); p == abs || c.target == abs {
			return nil
		}
	}
	return Refuse(path, "", "setup does not write this file: change it by hand")
}

// planEdit adds one edit that is not a triple, on top of any change the
// plan already has for the same file.
func (p *Plan) planEdit(o Options, e Edit) error {
	switch e.Kind {
	case EditSecretMode:
		c, err := p.modeChangeFor(e.Tool, e.Path)
		if err != nil {
			return err
		}
		if c.Existed && c.Mode&0o077 != 0 {
			c.Mode = c.Mode &^ 0o077
			c.Secret = true
			c.Notef("mode tightened from %04o to %04o: the file holds a key", c.OldMode, c.Mode)
		}
		if readers := aclReaders(c.target); c.Existed && len(readers) > 0 {
			c.openTo, c.Secret = readers, true
			c.Notef("access tightened: its ACL let %s read it; now its owner, SYSTEM and Administrators only", strings.Join(readers, ", "))
		}
		return nil
	}
	// The other kinds are edits of one tool's files, planned by its package.
	if t, ok := tool.Lookup(string(e.Tool)); ok {
		if be, ok := t.Impl.(BaseEditor); ok && e.Kind == EditSetBase {
			return be.PlanSetBase(o, e, p)
		}
		if ep, ok := t.Impl.(EditPlanner); ok {
			if done, err := ep.PlanEdit(o, e, p); done || err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("internal error: unknown edit %d", e.Kind)
}

// EditPlanner is what a tool package implements (its tool.Tool's Impl)
// for the edits of its own files that are not a triple or a mode: it adds
// them to p (ChangeFor, Find, Add) and reports whether it knows e.Kind.
type EditPlanner interface {
	PlanEdit(o Options, e Edit, p *Plan) (bool, error)
}

// ChangeFor is the plan's change of path, or a new one that keeps the
// file as it is, added to the plan.
func (p *Plan) ChangeFor(id gateway.ToolID, path string) (*Change, error) {
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	if have := p.Find(c.target); have != nil {
		return have, nil
	}
	c.Tool, c.New = id, c.Old // its secrets: secretsShown
	return c, p.Add(c)
}

// modeChangeFor is changeFor for an edit of the mode alone: a read-only
// file is accepted (its bytes stay as they are).
func (p *Plan) modeChangeFor(id gateway.ToolID, path string) (*Change, error) {
	c, err := readFileFor(path, true)
	if err != nil {
		return nil, err
	}
	if have := p.Find(c.target); have != nil {
		return have, nil
	}
	c.Tool, c.New = id, c.Old
	return c, p.Add(c)
}

// Find is the plan's change of the file target (Change.Target), or nil.
func (p *Plan) Find(target string) *Change {
	for _, c := range p.Changes {
		if c.target == target {
			return c
		}
	}
	return nil
}
