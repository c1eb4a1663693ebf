// Package fixer turns doctor's findings into file edits for
// `keydoctor doctor --fix`: the one registry of which codes a file edit
// fixes, and how. The edits are planned by the writers, so a fix is what
// setup would write, shown, backed up and undone the same way.
package fixer

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/keydoctor/keydoctor/checks/wire"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// edit says how a file edit fixes a finding of one code; ok is false when
// this finding needs something else (a value set in the shell, a tracked
// file that must leave git's index).
type edit func(f doctor.Finding, path string) (e writers.Edit, ok bool)

// registry holds every code a file edit fixes. A code not in it is a step
// for the user. Each of these edits only writes setup's own values or
// tightens what the finding names, so a fix cannot send a key to a host
// other than the profile's: a triple is always re-planned whole.
var registry = map[catalog.Code]edit{
	catalog.URLDoubleVersion:  triple,
	catalog.URLMissingVersion: triple,
	catalog.URLHasEndpoint:    triple,
	catalog.URLHasQuery:       triple,
	catalog.TripleDrift:       triple,
	catalog.AuthConflict:      triple,
	catalog.CodexChatWire:     triple,
	// Claude Code's subscription login sent to the gateway: the profile's
	// key written beside the base URL (the whole triple, as setup does).
	catalog.LoginToGateway: triple,
	// Gemini CLI's missing auth type: setup writes it into ~/.gemini/settings.json.
	catalog.AuthTypeUnset: triple,
	catalog.SecretPerms: func(f doctor.Finding, path string) (writers.Edit, bool) {
		return writers.Edit{Kind: writers.EditSecretMode, Tool: gateway.ToolID(f.Tool), Path: path}, path != ""
	},
	catalog.SecretInGit: func(f doctor.Finding, path string) (writers.Edit, bool) {
		// A tracked file must leave the index and its key be rotated: steps.
		ok := f.Status == doctor.Warning && f.Tool == string(gateway.DotEnv)
		return writers.Edit{Kind: writers.EditIgnoreEnv, Tool: gateway.DotEnv}, ok
	},
	// Claude Code's background model that the gateway does not serve: the
	// command sets a served one on the profile (Options), as setup does.
	catalog.ModelNotFound: func(f doctor.Finding, path string) (writers.Edit, bool) {
		ok := f.Check == wire.CheckBackground && f.Tool == string(gateway.Claude)
		return writers.Edit{Kind: writers.EditTriple, Tool: gateway.Claude, Path: path, Background: true}, ok
	},
	catalog.ConfigInvalid: func(f doctor.Finding, path string) (writers.Edit, bool) {
		// Cline's entries without updatedAt; a file that does not parse
		// is refused by the planner and stays a step.
		ok := f.Tool == string(gateway.Cline) && filepath.Base(path) == "providers.json"
		return writers.Edit{Kind: writers.EditClineUpdatedAt, Tool: gateway.Cline}, ok
	},
}

// triple re-plans the tool from the profile when setup writes it and the
// value comes from a file (a shell variable is a step).
func triple(f doctor.Finding, path string) (writers.Edit, bool) {
	t, ok := tool.Lookup(f.Tool)
	if !ok || !t.Setup || !writers.Writes(t) || path == "" {
		return writers.Edit{}, false
	}
	return writers.Edit{Kind: writers.EditTriple, Tool: t.ID, Path: path}, true
}

// Fixable reports whether a file edit can fix some findings of code.
func Fixable(code catalog.Code) bool { _, ok := registry[code]; return ok }

// Fix is one finding and what --fix does about it.
type Fix struct {
	Finding doctor.Finding
	// Applied: the plan carries its edit. Otherwise Reason says why it is
	// a step (empty: it is not a file edit).
	Applied bool
	Reason  string
}

// Result is the plan of every file edit and the findings left as steps.
type Result struct {
	Plan  *writers.Plan
	Fixes []Fix // every warning and error finding, in report order
}

// Options are what planning needs besides the findings.
type Options struct {
	Writers writers.Options
	// Missing says why the profile cannot be written whole (no key, a base
	// URL that is only a preset's default); "" when it can. A triple is
	// re-planned only from a profile the user gave.
	Missing string
}

// Plan plans the file edits that fix fs.
func Plan(e *env.Env, o Options, fs []doctor.Finding) (*Result, error) {
	var edits []writers.Edit
	var at []int // edits[i] fixes r.Fixes[at[i]]
	r := &Result{}
	for _, f := range fs {
		if f.Status != doctor.Warning && f.Status != doctor.Error {
			continue
		}
		r.Fixes = append(r.Fixes, Fix{Finding: f})
		fix := registry[f.Code]
		if fix == nil {
			continue
		}
		ed, ok := fix(f, sourcePath(e, f.Source))
		switch {
		case !ok:
		case ed.Kind == writers.EditTriple && o.Missing != "":
			r.Fixes[len(r.Fixes)-1].Reason = o.Missing
		case ed.Background && o.Writers.Profile.BackgroundModel == "":
			r.Fixes[len(r.Fixes)-1].Reason = "the gateway's model list gave no served model to set"
		default:
			edits, at = append(edits, ed), append(at, len(r.Fixes)-1)
		}
	}
	plan, refused, err := writers.PlanEdits(o.Writers, edits)
	if err != nil {
		return nil, err
	}
	r.Plan = plan
	for i, j := range at {
		if err := refused[i]; err != nil {
			r.Fixes[j].Reason = e.Tilde(err.Error()) // shown through the run's writer, which masks the key
			continue
		}
		r.Fixes[j].Applied = true
	}
	// A finding about the value an applied edit rewrites (Codex's model
	// both drifted and not served: one line of config.toml) is cured by
	// that edit, not left as a step the diff already does.
	for i := range r.Fixes {
		if r.Fixes[i].Applied || r.Fixes[i].Reason != "" {
			continue
		}
		for _, j := range at {
			if r.Fixes[j].Applied && doctor.SamePlace(r.Fixes[j].Finding, r.Fixes[i].Finding) {
				r.Fixes[i].Applied = true
				break
			}
		}
	}
	return r, nil
}

// lineSuffix is what follows the file in a Source: ":3", " (env.KEY)".
var lineSuffix = regexp.MustCompile(`(:\d+)?( \([^)]*\))?$`)

// sourcePath is the file a finding's Source names ("~/x.json:3 (key)"), or ""
// for a variable, a default or nothing.
func sourcePath(e *env.Env, src string) string {
	if src == "" || strings.HasPrefix(src, "$") || src == "default" {
		return ""
	}
	p := lineSuffix.ReplaceAllString(src, "")
	return e.Untilde(p)
}
