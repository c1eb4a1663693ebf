package claude

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
)

// claudeRoute is the provider Claude Code picks, as it does: the first
// truthy switch in its order, else its own login when nothing gives a
// base URL or a key, else the triple. CLAUDE_CODE_USE_GATEWAY with both
// ANTHROPIC_BASE_URL and ANTHROPIC_AUTH_TOKEN comes first and sends the
// same request as no switch (2.1.197, docs/tools.md): the gateway route.
func claudeRoute(s *discover.Snapshot, t discover.Tool) discover.Route {
	for _, sw := range Switches {
		v := Var(s, sw.Var)
		if !Truthy(v.Value) {
			continue
		}
		if sw.SameWire {
			if Var(s, anthropic.BaseURL).Value != "" && Var(s, anthropic.AuthToken).Value != "" {
				// The switch is kept: it adds a rule of its own to the
				// base URL (GatewayRefuses).
				return discover.Route{Kind: discover.RouteGateway, Name: sw.Name, Title: sw.Title, Switch: v}
			}
			continue
		}
		return discover.Route{Kind: discover.RouteCloud, Name: sw.Name, Title: sw.Title, Switch: v}
	}
	if !t.Base.Configured() && !t.Key.Set() {
		if v := claudeLogin(s); v.Set() {
			return discover.Route{Kind: discover.RouteLogin, Name: "claude.ai", Title: "Claude subscription login", Switch: v}
		}
	}
	return discover.Route{Kind: discover.RouteGateway}
}

// claudeLogin is Claude Code's own sign-in, if any: a
// CLAUDE_CODE_OAUTH_TOKEN, the OAuth tokens of the credentials file, or
// the account recorded in the state file.
func claudeLogin(s *discover.Snapshot) discover.Value {
	if v := Var(s, OAuthTokenVar); v.Value != "" {
		return discover.Value{Source: v.Source}
	}
	if StateOf(s).Login.Set() {
		return StateOf(s).Login
	}
	return discover.Value{}
}

// readClaudeLogin notes a subscription sign-in in the credentials file.
func readClaudeLogin(s *discover.Snapshot) {
	path := Credentials(s.Env)
	doc, _ := discover.LoadJSON(claudeID, path, false)
	if doc == nil {
		return
	}
	if r := doc.Get(OAuthKey); r.IsObject() {
		StateOf(s).Login = discover.Value{Source: doc.Source(r, OAuthKey)}
	}
}
