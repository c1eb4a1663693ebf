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
		out = append(out, doctor.Finding{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: gateway.ToolID(p.Tool),
			Message: fmt.Sprintf("%s: %s", p.At(e), p.Message), Fix: catalog.Render(catalog.ConfigInvalid, s), Source: p.At(e)}.Located(e, doctor.At{File: p.File, Line: p.Line, Col: p.Col}))
	}
	out = append(out, c.own(e)...)
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "every config file found parses"})
	}
	return out
}

// own is what the tools add to this check (FileChecker).
func (c filesCheck) own(e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, t := range tool.All() {
		if f, ok := t.Impl.(FileChecker); ok {
			out = append(out, f.ChecksFiles(e, c.snap)...)
		}
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
