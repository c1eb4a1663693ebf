package copilot

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// copilotCheck reports Copilot CLI's traps (docs/tools.md, "GitHub
// Copilot CLI"): a provider without a model, a block of the shell profile
// this shell has not loaded, a key the block names from a variable that
// is not set.
type copilotCheck struct {
	snap    *discover.Snapshot
	model   string // the profile's, for the fix
	version string // the installed Copilot CLI's, "" when none was detected
}

func (copilotCheck) Name() string { return "copilot" }

func (c copilotCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	st := StateOf(c.snap)
	found, ok := c.snap.Tool(string(ID))
	if !ok {
		return nil // no provider: Copilot CLI signs in to GitHub
	}
	var out []doctor.Finding
	if Facts.Value(c.version).NeedsModel && (!found.Model.Set() || found.Model.Value == "") {
		out = append(out, doctor.Finding{Code: catalog.CopilotModelUnset, Status: doctor.Error, Tool: ID, Source: checks.Src(e, found.Base),
			Message: fmt.Sprintf("%s (%s) sets a provider but %s is not set: GitHub Copilot CLI stops every turn with \"BYOK providers require an explicit model\" (a model in %s is ignored)",
				BaseURL, checks.Src(e, found.Base), Model, e.Tilde(Dir(e))+"/settings.json"),
			Fix: catalog.Render(catalog.CopilotModelUnset, catalog.Slots{Edit: checks.SetAt(e, found.Places.Model, c.model),
				Command: checks.SetupFor(string(ID)) + " --shell-profile"})})
	}
	if st.NotLoaded(c.snap) {
		out = append(out, doctor.Finding{Code: catalog.ProfileNotLoaded, Status: doctor.Warning, Tool: ID, Source: e.Tilde(st.Profile),
			Message: fmt.Sprintf("%s sets %s in keydoctor's block, but this shell has %s: copilot started from here does not use the block's provider",
				e.Tilde(st.Profile), BaseURL, shellValue(c.snap, BaseURL)),
			Fix: catalog.Render(catalog.ProfileNotLoaded, catalog.Slots{Command: reload(st.Shell, e.Tilde(st.Profile)), File: e.Tilde(st.Profile), Key: BaseURL})})
	}
	if ref := found.KeyVar; ref.Set() && !found.Key.Set() {
		out = append(out, doctor.Finding{Code: catalog.EnvMissing, Status: doctor.Error, Tool: ID, Source: checks.Src(e, ref),
			Message: fmt.Sprintf("%s sets %s from $%s, which is not set here: GitHub Copilot CLI would send no key", checks.Src(e, ref), found.KeyName, ref.Value),
			Fix: catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: checks.ExportAll(e, []string{ref.Value}),
				Command: checks.SetupFor(string(ID)) + " --shell-profile"})})
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Tool: ID, Source: checks.Src(e, found.Base),
			Message: "GitHub Copilot CLI has its provider and model" + loadedFrom(st, e)})
	}
	return out
}

// shellValue is a variable of this shell as a message shows it.
func shellValue(s *discover.Snapshot, name string) string {
	if v := s.Shell(name); v.Set() {
		return fmt.Sprintf("%q", v.Value)
	}
	return "none"
}

func loadedFrom(st *State, e *env.Env) string {
	if st.Block.Found {
		return " (keydoctor's block in " + e.Tilde(st.Profile) + ")"
	}
	return ""
}

// ChecksOffline adds Copilot CLI's own checks at the config stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageConfig, Check: copilotCheck{o.Snapshot, o.Profile.Model, o.Version(ID)}}}
}
