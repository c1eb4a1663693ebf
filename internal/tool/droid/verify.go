package droid

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// VerifyRead is verify's Reader: the resolved triple, the entry it is
// (kept for the redirect) and its provider's wire rule.
func (impl) VerifyRead(s *discover.Snapshot, t tool.Tool) (verify.Configured, error) {
	st := StateOf(s)
	model, e := st.Selected()
	if e == nil {
		if !model.Set() {
			return verify.Configured{Tool: ID}, fmt.Errorf("%s sets no sessionDefaultSettings.model: Droid would run Factory's own default model", s.Env.Tilde(Settings(s.Env)))
		}
		return verify.Configured{Tool: ID}, fmt.Errorf("sessionDefaultSettings.model (%s) is %q, which names no custom model of Droid's", model.Source.Where(s.Env), discover.Sanitize(model.Value))
	}
	c, err := verify.FromOwn(s, t)
	if err != nil {
		return c, err
	}
	rule := Wire(e.Kind.Value)
	c.Rule, c.Provider, c.Own = &rule, e.ID, *e
	c.Notes = append(c.Notes, "Droid prints only \""+ExecFailed+"\" when a turn fails: the cause is in "+s.Env.Tilde(LogFile(s.Env)))
	return c, nil
}

// VerifyRedirect is verify's Redirector: a --settings file (merged above
// every level for this process only ✓) holding a copy of the entry with
// the relay's base URL, selected with -m. Alone in its file, the copy's id
// is its name's "-0" (an id counts the earlier entries of a name in its
// file), which it takes over for the run. The copy keeps the apiKey as
// written (a "${VAR}" stays a reference); the file is in verify's private
// directory, mode 0600, and removed after the turn.
func (impl) VerifyRedirect(r *verify.Redirect) error {
	e, ok := r.Configured.Own.(Entry)
	if !ok {
		return fmt.Errorf("%s names no custom model to redirect", r.Configured.Tool)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(e.Raw), &raw); err != nil {
		return err
	}
	entry := raw
	if e.Legacy { // the settings file's names, as Droid's schema has them
		entry = map[string]any{}
		for from, to := range map[string]string{Model: Model, LegacyDisplay: DisplayName, LegacyKey: APIKey, Provider: Provider, LegacyMax: MaxOutputTokens} {
			if v, ok := raw[from]; ok {
				entry[to] = v
			}
		}
	}
	entry[BaseURL] = r.RelayBase
	id := ModelID(e.Display.Value, 0)
	b, err := json.Marshal(map[string]any{CustomModels: []any{entry}, SessionDefaults: map[string]any{Model: id}})
	if err != nil {
		return err
	}
	settings := filepath.Join(r.Tmp, "keydoctor-verify-droid-settings.json")
	r.Vars["{settings}"], r.Vars["{model}"] = settings, id
	return os.WriteFile(settings, b, 0o600)
}

// VerifyLog is verify's LogReader: the lines Droid's log holds about the
// failed turn (what its terminal never says), the key masked.
func (impl) VerifyLog(e *env.Env, c verify.Configured, since time.Time) (string, []string) {
	path := LogFile(e)
	var known []string
	if c.Key != "" {
		known = append(known, c.Key)
	}
	lines, err := FailureLines(path, since, known...)
	if err != nil {
		return path, []string{"cannot read it: " + err.Error()}
	}
	return path, lines
}
