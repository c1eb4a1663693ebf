package cline

import (
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/writers"
)

// ChecksFiles reports provider entries without updatedAt (or settings),
// part of config-files: Cline discards the whole providers.json and
// resets it to its default provider, losing every provider the user had
// (✓ Cline CLI 3.0.65).
func (impl) ChecksFiles(e *env.Env, s *discover.Snapshot) []doctor.Finding {
	cl := StateOf(s)
	var out []doctor.Finding
	now := time.Now().UTC()
	if e.Now != nil {
		now = e.Now().UTC()
	}
	for _, en := range cl.Entries {
		at := fmt.Sprintf("%s:%d", e.Tilde(cl.ProvidersPath), en.Line)
		var msg string
		var edit *writers.Edit
		s := catalog.Slots{Command: checks.SetupFor("cline")}
		switch {
		case !en.HasUpdatedAt || en.UpdatedAtNotAString:
			msg = fmt.Sprintf("provider %q has no updatedAt timestamp: Cline will discard providers.json and reset it to its default provider, losing every provider in it", en.ID)
			s.Edit = fmt.Sprintf("add \"updatedAt\": %q beside \"settings\" in providers.%s of %s", now.Format("2006-01-02T15:04:05.000Z"), en.ID, at)
			edit = &writers.Edit{Kind: writers.EditStampProviders, Tool: ID}
		case !en.HasSettings:
			msg = fmt.Sprintf("provider %q has no settings object: Cline will discard providers.json and reset it", en.ID)
			s.Edit = fmt.Sprintf("add a \"settings\" object to providers.%s in %s", en.ID, at)
		default:
			continue
		}
		f := doctor.Finding{Code: catalog.ConfigInvalid, Status: doctor.Error, Tool: "cline", Message: msg, Fix: catalog.Render(catalog.ConfigInvalid, s), Source: at}.Located(e, doctor.At{File: cl.ProvidersPath, Line: en.Line})
		if edit != nil {
			f = checks.WithEdit(f, *edit)
		}
		out = append(out, f)
	}
	return out
}
