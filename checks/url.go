package checks

import (
	"context"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/writers"
)

// urlCheck judges each tool's base URL with that tool's own rule
// (gateway.Tool.Diagnose): the same URL is right for a tool whose base
// carries /v1 and wrong for one that appends it itself. url-insecure is a warning (it works, but the key travels
// in clear text: a deliberate LAN gateway is possible); every other URL
// code is an error, because the tool requests a path that does not exist.
type urlCheck struct {
	snap    *discover.Snapshot
	profile gateway.Profile
}

func (urlCheck) Name() string { return "url-shape" }

func (c urlCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, t := range c.snap.Tools {
		if !t.Base.Configured() {
			continue
		}
		parsed, notes := t.Rule.Diagnose(t.Base.Value)
		if f, ok := ownURL(e, t, c.profile.RootFor(t.Rule)); ok {
			out = append(out, f)
			notes = slices.DeleteFunc(notes, func(n gateway.Note) bool { return n.Code == catalog.URLInsecure })
			if len(notes) == 0 {
				continue
			}
		}
		if host, ok := anthropicRoot(t, parsed.Root); ok {
			fix := host
			if r := c.profile.RootFor(t.Rule); r != "" && gateway.SameGateway(r, host) {
				fix = r // the profile knows this vendor's root of the tool's API (…/api/paas/v4)
			}
			out = append(out, anthropicRootFinding(e, t, host, fix))
			// /v1 would not help
			notes = slices.DeleteFunc(notes, func(n gateway.Note) bool { return n.Code == catalog.URLMissingVersion })
			if len(notes) == 0 {
				continue
			}
		}
		if len(notes) == 0 {
			out = append(out, okFinding(t, fmt.Sprintf("%s: base URL %s, requests go to %s", t.Label, t.Base.Value, t.Rule.WillRequest(t.Base.Value)), src(e, t.Base)))
			continue
		}
		for _, n := range notes {
			st := doctor.Error
			if n.Code == catalog.URLInsecure {
				st = doctor.Warning
			}
			want := c.want(t, parsed, n.Code)
			msg := fmt.Sprintf("%s (base URL %q from %s)", n.Message, t.Base.Value, where(e, t.Base))
			if !strings.HasPrefix(n.Message, t.Rule.Title) {
				msg = t.Label + ": " + msg
			}
			f := ByTriple(e, finding(t, n.Code, st, msg, catalog.Render(n.Code, catalog.Slots{Edit: setAt(e, t.Base.Source, want), Command: setupCmd(t)}), src(e, t.Base)), t.Base.Source)
			if f.Edit != nil && parsed.Root != "" && n.Code != catalog.URLInsecure && n.Code != catalog.URLInvalid {
				// the tool's rule on the root the URL names (same host): what
				// --fix writes when no profile is given to re-plan the triple
				f.Edit.Alone = writers.SetBaseEdit(t.ID, t.Base.Source.File, t.Base.Source.Key, want)
			}
			out = append(out, f)
		}
	}
	return out
}

// ownURL is the tool's own finding about its base URL (URLChecker).
func ownURL(e *env.Env, t discover.Tool, profileBase string) (doctor.Finding, bool) {
	if u, ok := implOf(t.ID).(URLChecker); ok {
		return u.ChecksURL(e, t, profileBase)
	}
	return doctor.Finding{}, false
}

// want is the base URL the tool should be given.
func (c urlCheck) want(t discover.Tool, p gateway.Parsed, code catalog.Code) string {
	root := p.Root
	if code == catalog.URLInvalid || root == "" {
		root = c.profile.RootFor(t.Rule)
		if root == "" {
			return "<gateway base URL, e.g. " + t.Rule.Base("https://taotoken.net/api") + ">"
		}
	}
	base := t.Rule.Base(root)
	if code == catalog.URLInsecure {
		base = "https://" + strings.TrimPrefix(base, "http://")
	}
	return base
}

// anthropicRoot reports a vendor's Anthropic root (…/anthropic: DeepSeek,
// Kimi, GLM, MiniMax) given to a tool speaking OpenAI's API, and its
// scheme and host. Those vendors serve OpenAI's API under a root of its
// own, so …/anthropic/chat/completions and …/anthropic/v1/chat/completions
// are both 404s (docs/tools.md). A heuristic, hence a warning.
func anthropicRoot(t discover.Tool, root string) (string, bool) {
	u, err := url.Parse(root)
	if err != nil || t.Rule.Protocol == gateway.Messages || !strings.EqualFold(path.Base(u.Path), "anthropic") {
		return "", false
	}
	return u.Scheme + "://" + u.Host, true
}

func anthropicRootFinding(e *env.Env, t discover.Tool, host, fix string) doctor.Finding {
	msg := fmt.Sprintf("%s: base URL %q (from %s) is the Anthropic API root of %s, but this provider speaks OpenAI's API: it will request %s, which such vendors do not serve",
		t.Label, t.Base.Value, where(e, t.Base), host, t.Rule.WillRequest(t.Base.Value))
	s := catalog.Slots{Tool: t.Label, Key: t.Base.Source.Key, File: src(e, t.Base), Value: t.Rule.Base(fix), Was: t.Base.Value}
	return finding(t, catalog.URLAnthropicRoot, doctor.Warning, msg, catalog.Render(catalog.URLAnthropicRoot, s), src(e, t.Base))
}
