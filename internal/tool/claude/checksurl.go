package claude

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// ChecksURL is claude-gateway-http, part of the URL check: with
// CLAUDE_CODE_USE_GATEWAY on, Claude Code takes ANTHROPIC_BASE_URL as
// the URL of Anthropic's cloud gateway and exits at start when it is
// plain http:// to a host other than localhost, 127.0.0.1 or [::1]
// (2.1.197, docs/tools.md). It replaces url-insecure for that tool: the
// key does not travel in clear text, the tool does not run at all.
func (impl) ChecksURL(e *env.Env, t discover.Tool, profileBase string) (doctor.Finding, bool) {
	r := t.Route
	if !r.ViaSwitch() || !t.Base.Configured() || !GatewayRefuses(t.Base.Value) {
		return doctor.Finding{}, false
	}
	// An http:// URL: the run's writer hides its userinfo wherever the
	// finding or its fix prints it.
	base := strings.TrimSpace(t.Base.Value)
	msg := fmt.Sprintf("%s will not start: %s=%s (%s) makes %s (%q from %s) the URL of %s, whose key must not travel over plain http",
		t.Label, r.SwitchVar(), r.Switch.Value, checks.Src(e, r.Switch), checks.BaseName(t), base, checks.Src(e, t.Base), r.Title)
	slots := catalog.Slots{Tool: t.Label, Key: checks.BaseName(t), File: checks.Src(e, t.Base)}
	if u, err := url.Parse(base); err == nil {
		u.Scheme = "https"
		slots.Value = u.String()
	}
	// setup writes the profile's base URL: a fix only when that one is https.
	if strings.HasPrefix(profileBase, "https://") {
		slots.Command = checks.SetupCmd(t)
	}
	return checks.Finding(t, catalog.ClaudeGatewayHTTP, doctor.Error, msg, catalog.Render(catalog.ClaudeGatewayHTTP, slots), checks.Src(e, t.Base)), true
}
