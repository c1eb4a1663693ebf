package droid

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// droidCheck holds Droid's traps (docs/tools.md, "Factory Droid"): a
// default model that is no custom model, an apiKey "${VAR}" naming an
// unset variable, a project level that overrides the user's selection,
// and the last run's failure, whose cause only its log says. The first
// three are judged by the installed version's Facts.
type droidCheck struct {
	snap    *discover.Snapshot
	version string // the installed Droid's, "" when none was detected
}

func (droidCheck) Name() string { return "droid" }

func (c droidCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	sheet := Facts.Value(c.version)
	st := StateOf(c.snap).At(sheet)
	droid := who(c.version)
	var out []doctor.Finding
	model, entry := st.Selected()
	user := Settings(e)
	configured := len(st.IDs()) > 0 || model.Set()
	if sheet.NeedsSelectedModel && configured && entry == nil {
		msg := "sessionDefaultSettings.model is not set: `droid exec` without -m runs Factory's own default model, which needs a Factory login"
		at := e.Tilde(user)
		if model.Set() {
			at = model.Source.Where(e)
			msg = fmt.Sprintf("sessionDefaultSettings.model (%s) is %q, which is none of %s's custom models (%s)", at, discover.Sanitize(model.Value), droid, discover.Sanitize(strings.Join(st.IDs(), ", ")))
		}
		value := ""
		if ids := st.IDs(); len(ids) == 1 {
			value = fmt.Sprintf("%q", ids[0])
		}
		// A Factory model chosen on purpose runs (with a login), only not
		// through the gateway; an id no entry has stops every run.
		status := doctor.Error
		if model.Set() && !strings.HasPrefix(model.Value, CustomPrefix) {
			status = doctor.Warning
			msg += ": " + droid + " runs that Factory model (with a Factory login), not the gateway's"
		}
		out = append(out, doctor.Finding{Code: catalog.DroidModelUnselected, Status: status, Tool: ID, Message: msg,
			Fix: catalog.Render(catalog.DroidModelUnselected, catalog.Slots{Key: SessionDefaults + "." + Model, Value: value,
				File: e.Tilde(user), Command: checks.SetupFor(droidID)}),
			Source: at})
	}
	if sheet.UnsetVarSendsNoKey && entry != nil && !entry.Legacy {
		if ref := EnvRef(entry.Key.Value); ref != "" {
			if _, ok := e.Lookup(ref); !ok {
				out = append(out, doctor.Finding{Code: catalog.EnvMissing, Status: doctor.Error, Tool: ID,
					Message: fmt.Sprintf("%s is ${%s} (%s) and %s is not set: %s sends no usable key (401), and says only \"Exec failed\"", entry.keyName(), ref, entry.Key.Source.Where(e), ref, droid),
					Fix: catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: checks.SetKeyAt(e, discover.Source{Key: ref}, "<your gateway key>"),
						Command: checks.SetupFor(droidID), Value: "the key", File: e.Tilde(user)}),
					Source: entry.Key.Source.Where(e)})
			}
		}
	}
	if sheet.ProjectSettingsWin && model.Set() && model.Source.File != user && len(model.Overrides) > 0 {
		out = append(out, doctor.Finding{Code: catalog.ValueOverridden, Status: doctor.Warning, Tool: ID,
			Message: fmt.Sprintf("%s sets sessionDefaultSettings.model to %q and beats %s (%s reads a project's .factory/settings.json, from the working directory's up to the git root's, above ~/.factory/settings.json; the first level that sets a value wins)", model.Source.Where(e), discover.Sanitize(model.Value), model.Overrides[0].Source.Where(e), droid),
			Fix:     catalog.Render(catalog.ValueOverridden, catalog.Slots{Remove: checks.RemoveAll([]string{SessionDefaults + "." + Model}, e.Tilde(model.Source.File)), File: e.Tilde(user)}),
			Source:  model.Source.Where(e)})
	}
	if f, ok := lastRunFailed(e, c.snap, time.Time{}); ok {
		out = append(out, f)
	}
	return out
}

// lastRunFailed is the finding of the log's last run when it failed.
func lastRunFailed(e *env.Env, s *discover.Snapshot, since time.Time) (doctor.Finding, bool) {
	path := LogFile(e)
	lines, err := FailureLines(path, since, knownSecrets(s)...)
	if err != nil || len(lines) == 0 {
		return doctor.Finding{}, false
	}
	return doctor.Finding{Code: catalog.DroidExecFailed, Status: doctor.Warning, Tool: ID,
		Message: fmt.Sprintf("Droid's last run failed (it printed only %q); its log says:\n  %s", ExecFailed, strings.Join(lines, "\n  ")),
		Fix:     catalog.Render(catalog.DroidExecFailed, catalog.Slots{File: e.Tilde(path), Command: "keydoctor verify droid"}),
		Source:  e.Tilde(path)}, true
}

// FailureLines are the lines of the log at path about the last run's
// failure (none when it did not fail, or there is no log), masked.
func FailureLines(path string, since time.Time, known ...string) ([]string, error) {
	b, err := ReadLogTail(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return Lines(LastFailure(ParseLog(b), since), known...), nil
}

// knownSecrets are the keys Droid's files hold, masked wherever a log
// line repeats them.
func knownSecrets(s *discover.Snapshot) []string {
	var out []string
	for _, l := range StateOf(s).Levels {
		for _, en := range l.Entries {
			if en.Key.Value != "" && EnvRef(en.Key.Value) == "" {
				out = append(out, en.Key.Value)
			}
		}
	}
	if t, ok := s.Own(ID); ok && t.Key.Value != "" {
		out = append(out, t.Key.Value)
	}
	return out
}

// ChecksOffline adds Droid's own checks at the layers stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageLayers, Check: droidCheck{o.Snapshot, o.Version(ID)}}}
}
