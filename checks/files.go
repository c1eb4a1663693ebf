package checks

import (
	"context"
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
)

// filesCheck reports config-invalid: files a tool would refuse (syntax
// errors, with line and column), could not read, or would silently reset.
// Always an error: the tool either does not start or loses settings.
type filesCheck struct{ snap *discover.Snapshot }

func (filesCheck) Name() string { return "config-files" }

func (c filesCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, p := range c.snap.Problems {
		s := catalog.Slots{Edit: p.Edit, File: p.At(e)}
		if p.Edit == "" || p.Setup {
			s.Command = setupFor(p.Tool)
		}
		out = append(out, doctor.Finding{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: p.Tool,
			Message: fmt.Sprintf("%s: %s", p.At(e), p.Message), Fix: catalog.Render(catalog.ConfigInvalid, s), Source: p.At(e)})
	}
	out = append(out, c.cline(e)...)
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "every config file found parses"})
	}
	return out
}

// cline reports provider entries without updatedAt (or settings): Cline
// discards the whole providers.json and resets it to its default provider,
// losing every provider the user had (✓ Cline CLI 3.0.65).
func (c filesCheck) cline(e *env.Env) []doctor.Finding {
	cl := cline.StateOf(c.snap)
	var out []doctor.Finding
	now := time.Now().UTC()
	if e.Now != nil {
		now = e.Now().UTC()
	}
	for _, en := range cl.Entries {
		at := fmt.Sprintf("%s:%d", e.Tilde(cl.ProvidersPath), en.Line)
		var msg string
		s := catalog.Slots{Command: setupFor("cline")}
		switch {
		case !en.HasUpdatedAt || en.UpdatedAtNotAString:
			msg = fmt.Sprintf("provider %q has no updatedAt timestamp: Cline will discard providers.json and reset it to its default provider, losing every provider in it", en.ID)
			s.Edit = fmt.Sprintf("add \"updatedAt\": %q beside \"settings\" in providers.%s of %s", now.Format("2006-01-02T15:04:05.000Z"), en.ID, at)
		case !en.HasSettings:
			msg = fmt.Sprintf("provider %q has no settings object: Cline will discard providers.json and reset it", en.ID)
			s.Edit = fmt.Sprintf("add a \"settings\" object to providers.%s in %s", en.ID, at)
		default:
			continue
		}
		out = append(out, doctor.Finding{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: "cline", Message: msg, Fix: catalog.Render(catalog.ConfigInvalid, s), Source: at})
	}
	return out
}

// setupFor is the setup command for a tool id string, or "" for tools
// setup does not write.
func setupFor(id string) string {
	if t, ok := tool.Lookup(id); !ok || !t.Setup {
		return ""
	}
	return "keydoctor setup --tools " + id
}
