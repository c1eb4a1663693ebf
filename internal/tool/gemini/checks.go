package gemini

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/tidwall/gjson"
)

// geminiCheck reports Gemini CLI's traps (docs/tools.md, "Gemini CLI"): a
// saved auth type other than the API key's, which beats the variables
// (oauth-personal signs in to Google, gateway is the IDE integration's);
// no saved auth type at all, with which a base URL makes headless runs
// stop before any request; usage statistics that go to Google whatever
// the gateway. A .env that hides ~/.gemini/.env is dotenv-shadow's.
type geminiCheck struct {
	snap    *discover.Snapshot
	version string // the installed Gemini CLI's, "" when none was detected
}

func (geminiCheck) Name() string { return "gemini" }

func (c geminiCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	g := StateOf(c.snap)
	// A hidden ~/.gemini/.env or a saved auth type counts: the trap is
	// that Gemini CLI then has no triple where it starts.
	found, ok := c.snap.Tool("gemini")
	if !ok && g.OwnVars == nil && !g.AuthType.Set() {
		return nil // not set up: nothing to say (other tools' reports stay as they were)
	}
	sheet := Facts.Value(c.version)
	var out []doctor.Finding
	if at := g.AuthType; sheet.SavedAuthWins && at.Set() && at.Value != APIKeyAuth {
		out = append(out, doctor.Finding{Code: catalog.ValueOverridden, Status: doctor.Error, Tool: "gemini", Source: at.Source.Display(e),
			Message: fmt.Sprintf("%s saves selectedType %q: it beats GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL, so Gemini CLI does not use the gateway", e.Tilde(g.Settings), at.Value),
			Fix:     catalog.Render(catalog.ValueOverridden, catalog.Slots{Edit: checks.SetAt(e, at.Source, APIKeyAuth), Command: checks.SetupFor("gemini")})})
	}
	if sheet.NeedsAuthType && !g.AuthType.Set() && ok && found.Base.Set() && geminiAuthElsewhere(e, c.snap.Project) == "" {
		out = append(out, checks.ByTriple(e, doctor.Finding{Code: catalog.AuthTypeUnset, Status: doctor.Error, Tool: "gemini", Source: e.Tilde(g.Settings),
			Message: fmt.Sprintf("no Gemini CLI settings file saves security.auth.selectedType: with %s set it guesses the \"gateway\" auth type, and headless runs stop with \"Invalid auth method selected.\" (exit 41) before any request", BaseURL),
			Fix: catalog.Render(catalog.AuthTypeUnset, catalog.Slots{Tool: "Gemini CLI", File: e.Tilde(g.Settings), Key: AuthType,
				Value: APIKeyAuth, Command: checks.SetupFor("gemini")})}, discover.Source{File: g.Settings}))
	}
	if sheet.UsageStatsOn && (g.UsageStats == nil || *g.UsageStats) {
		out = append(out, doctor.Finding{Code: catalog.UsageStatsOn, Status: doctor.Info, Tool: "gemini", Source: e.Tilde(g.Settings),
			Message: "Gemini CLI sends usage statistics to Google (play.googleapis.com) whatever the gateway: privacy.usageStatisticsEnabled is not false",
			Fix:     catalog.Render(catalog.UsageStatsOn, catalog.Slots{Edit: `"privacy": {"usageStatisticsEnabled": false}`, File: e.Tilde(g.Settings)})})
	}
	if len(out) == 0 || (len(out) == 1 && out[0].Status == doctor.Info) {
		out = append(out, doctor.Finding{Status: doctor.OK, Tool: "gemini", Message: "Gemini CLI uses its API key auth and reads " + e.Tilde(g.EnvPath), Source: e.Tilde(g.Settings)})
	}
	return out
}

// geminiAuthElsewhere is the project or system settings file that saves an
// auth type ("" when none does): Gemini CLI merges it over the user's, a
// system file only when root owns it and every directory above it.
func geminiAuthElsewhere(e *env.Env, project string) string {
	for i, f := range OtherSettings(e, project) {
		if i > 0 && !rootOwned(f) {
			continue // a system file Gemini CLI skips as insecure
		}
		if doc, ok := checks.ReadJSONC(f); ok && gjson.GetBytes(doc, AuthType).String() != "" {
			return f
		}
	}
	return ""
}

// ChecksOffline adds Gemini CLI's own checks at the config stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageConfig, Check: geminiCheck{o.Snapshot, o.Version(ID)}}}
}
