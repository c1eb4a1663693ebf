package checks

import (
	"context"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// toolsCheck says which tools discovery found configured. Nothing found
// at all is a warning (env-missing): the doctor has nothing to examine.
type toolsCheck struct{ snap *discover.Snapshot }

func (toolsCheck) Name() string { return "tools" }

func (c toolsCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	if len(c.snap.Tools) == 0 && len(c.snap.Elsewhere) > 0 {
		return []doctor.Finding{skip("", "no tool is configured for a gateway; the others use their own provider or login")}
	}
	if len(c.snap.Tools) == 0 {
		return []doctor.Finding{{Code: catalog.EnvMissing, Status: doctor.Warning,
			Message: "no tool is configured for a gateway: nothing that " + toolTitles() + " read names one",
			Fix:     catalog.Render(catalog.EnvMissing, catalog.Slots{})}}
	}
	var out []doctor.Finding
	for _, t := range c.snap.Tools {
		out = append(out, okFinding(t, fmt.Sprintf("%s is configured (%s)", t.Label, partsFound(e, t)), src(e, t.Base)))
	}
	return out
}

// toolTitles names every registered tool, for messages: "A, B, … or Z",
// in display order.
func toolTitles() string {
	all := tool.All()
	names := make([]string, len(all))
	for i, t := range all {
		names[i] = t.Title
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func partsFound(e *env.Env, t discover.Tool) string {
	s := "base URL from " + orNone(e, t.Base)
	s += ", key from " + orNone(e, t.Key)
	if t.NeedsModel || t.Model.Set() {
		s += ", model from " + orNone(e, t.Model)
	}
	return s
}

func orNone(e *env.Env, v discover.Value) string {
	if !v.Set() {
		return "nowhere"
	}
	return v.Source.Display(e)
}
