package openclaw

import (
	"context"
	"fmt"
	"sort"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/writers"
)

// modelNameCheck finds OpenClaw's load-time trap (docs/tools.md,
// "OpenClaw"): a model entry without "name", in any provider, makes it
// reject the whole config before any request (Facts: 2026.9.6).
type modelNameCheck struct {
	snap    *discover.Snapshot
	version string // the installed OpenClaw's, "" when none was detected
}

func (modelNameCheck) Name() string { return openClawID }

func (c modelNameCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	if !Facts.Value(c.version).RejectsUnnamedModel {
		return nil
	}
	st := StateOf(c.snap)
	ids := make([]string, 0, len(st.Providers))
	for id := range st.Providers {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var out []doctor.Finding
	for _, id := range ids {
		for _, m := range st.Providers[id].Models {
			if m.HasName {
				continue
			}
			key := fmt.Sprintf("%s.%s.%s.%s[%d]", ModelsKey, ProvidersKey, id, ModelsKey, m.Index)
			place := doctor.At{File: st.Path, Line: m.Line, Col: m.Col, Key: key}
			at := place.Display(e)
			f := doctor.Finding{Code: catalog.OpenClawModelName, Status: doctor.Error, Tool: ID,
				Message: fmt.Sprintf("%s (model %q, %s) has no name: %s rejects the whole config at load (\"%s.%s[%q].%s[%d].name: Invalid input\") and runs nothing",
					key, discover.Sanitize(m.ID), at, who(c.version), ModelsKey, ProvidersKey, discover.Sanitize(id), ModelsKey, m.Index),
				Fix: catalog.Render(catalog.OpenClawModelName, catalog.Slots{Value: discover.Sanitize(m.ID), File: at, Key: key, Command: checks.SetupFor(openClawID)})}.Located(e, place)
			// doctor --fix names every unnamed entry after its id (PlanEdit).
			out = append(out, checks.WithEdit(f, writers.Edit{Kind: writers.EditStampProviders, Tool: ID}))
		}
	}
	return out
}

// ChecksOffline adds OpenClaw's own checks at the config stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageConfig, Check: modelNameCheck{o.Snapshot, o.Version(ID)}}}
}
