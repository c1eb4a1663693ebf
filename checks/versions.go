package checks

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// versionsCheck says, once per configured tool whose installed version is
// known, whether its facts were observed with that version: a newer one
// is facts-older (its package's newest facts are what doctor judges it
// by); an older one is judged by the facts of its range (tool.Facts).
type versionsCheck struct {
	snap     *discover.Snapshot
	versions toolversion.Versions
}

func (versionsCheck) Name() string { return "tool-version" }

func (c versionsCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	seen := map[gateway.ToolID]bool{}
	for _, t := range c.snap.Tools {
		v, ok := c.versions[t.ID]
		desc, known := tool.Lookup(string(t.ID))
		if !ok || !known || desc.Observed == "" || seen[t.ID] {
			continue
		}
		seen[t.ID] = true
		f := doctor.Finding{Code: catalog.FactsOlder, Tool: t.ID, Source: v.Where(e)}
		if toolversion.Compare(v.Version, desc.Observed) <= 0 {
			f.Status = doctor.OK
			f.Message = fmt.Sprintf("%s %s: judged by keydoctor's facts for that version (observed up to %s)", desc.Title, v.Version, desc.Observed)
		} else {
			f.Status = doctor.Info
			f.Message = fmt.Sprintf("%s %s is newer than %s, the version keydoctor's facts about it were observed with: the newest facts are applied", desc.Title, v.Version, desc.Observed)
			slots := catalog.Slots{Tool: desc.Title}
			if desc.Headless != nil {
				slots.Command = "keydoctor verify " + string(t.ID)
			}
			f.Fix = catalog.Render(catalog.FactsOlder, slots)
		}
		out = append(out, f)
	}
	return out
}
