package checks

import (
	"context"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tools"
)

// geminiCheck reports Gemini CLI's traps (docs/tools.md, "Gemini CLI"): a
// saved auth type other than the API key's, which beats the variables
// (oauth-personal signs in to Google, gateway is the IDE integration's); a
// .env that hides ~/.gemini/.env where Gemini CLI starts (the first .env
// found is the only one read), naming the variables it then lacks; usage
// statistics that go to Google whatever the gateway.
type geminiCheck struct{ snap *discover.Snapshot }

func (geminiCheck) Name() string { return "gemini" }

func (c geminiCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	g := c.snap.Gemini
	// A hidden ~/.gemini/.env or a saved auth type counts: the trap is
	// that Gemini CLI then has no triple where it starts.
	if _, ok := c.snap.Tool("gemini"); !ok && g.OwnVars == nil && !g.AuthType.Set() {
		return nil // not set up: nothing to say (other tools' reports stay as they were)
	}
	var out []doctor.Finding
	if at := g.AuthType; at.Set() && at.Value != tools.GeminiAPIKeyAuth {
		out = append(out, doctor.Finding{Code: catalog.ValueOverridden, Status: doctor.Error, Tool: "gemini", Source: at.Source.Display(e),
			Message: fmt.Sprintf("%s saves selectedType %q: it beats GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL, so Gemini CLI does not use the gateway", e.Tilde(g.Settings), at.Value),
			Fix:     catalog.Render(catalog.ValueOverridden, catalog.Slots{Edit: setAt(e, at.Source, tools.GeminiAPIKeyAuth), Command: setupFor("gemini")})})
	}
	if g.EnvPath != "" && g.EnvPath != g.Own && g.OwnVars != nil {
		var missing []string
		for _, v := range []string{tools.GeminiBaseURL, tools.GeminiAPIKey, tools.GeminiModel} {
			if _, in := g.Vars[v]; !in && !c.snap.Shell(v).Set() {
				missing = append(missing, v)
			}
		}
		if len(missing) > 0 {
			out = append(out, doctor.Finding{Code: catalog.ValueOverridden, Status: doctor.Error, Tool: "gemini", Source: e.Tilde(g.EnvPath),
				Message: fmt.Sprintf("Gemini CLI started in %s reads only %s (the first .env it finds), not %s: it lacks %s there", e.Tilde(c.snap.Project), e.Tilde(g.EnvPath), e.Tilde(g.Own), strings.Join(missing, ", ")),
				Fix: catalog.Render(catalog.ValueOverridden, catalog.Slots{Edit: fmt.Sprintf("add %s to %s", strings.Join(missing, ", "), e.Tilde(g.EnvPath)),
					Command: setupFor("gemini"), File: e.Tilde(tools.GeminiProjectEnv(c.snap.Project)), Was: e.Tilde(g.EnvPath)})})
		}
	}
	if g.UsageStats == nil || *g.UsageStats {
		out = append(out, doctor.Finding{Status: doctor.Info, Tool: "gemini", Source: e.Tilde(g.Settings),
			Message: "Gemini CLI sends usage statistics to Google (play.googleapis.com) whatever the gateway: privacy.usageStatisticsEnabled is not false",
			Fix:     fmt.Sprintf("set \"privacy\": {\"usageStatisticsEnabled\": false} in %s to keep them on this machine", e.Tilde(g.Settings))})
	}
	if len(out) == 0 || (len(out) == 1 && out[0].Status == doctor.Info) {
		out = append(out, doctor.Finding{Status: doctor.OK, Tool: "gemini", Message: "Gemini CLI uses its API key auth and reads " + e.Tilde(g.EnvPath), Source: e.Tilde(g.Settings)})
	}
	return out
}
