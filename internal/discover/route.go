package discover

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// RouteKind says where a tool's requests really go.
type RouteKind string

const (
	// RouteGateway: to the base URL of the tool's triple.
	RouteGateway RouteKind = "gateway"
	// RouteCloud: to a cloud provider a switch selects (Claude Code's
	// CLAUDE_CODE_USE_BEDROCK and the others), whatever the triple says.
	RouteCloud RouteKind = "cloud"
	// RouteLogin: to the vendor, with its own sign-in (a Claude
	// subscription, a ChatGPT sign-in on Codex's built-in provider).
	RouteLogin RouteKind = "login"
	// RouteProvider: another provider of the tool is selected (Cline's
	// lastUsedProvider), not the gateway's entry.
	RouteProvider RouteKind = "provider"
)

// Route is where a tool sends its requests and what decides it.
type Route struct {
	Kind RouteKind
	// Name is the tool's own name for it: bedrock, vertex, claude.ai,
	// chatgpt, a Cline provider id.
	Name string
	// Title names it for people: "Amazon Bedrock".
	Title string
	// Switch is what selects it, with its source: the switch variable
	// (Source.Key is its name), the login file, lastUsedProvider.
	Switch Value
	// Want is the value of Switch that selects the gateway instead, when
	// one does (Cline: the gateway entry's id).
	Want string
}

// Gateway reports whether the requests go to the triple's base URL.
func (r Route) Gateway() bool { return r.Kind == "" || r.Kind == RouteGateway }

// ViaSwitch reports whether a switch selects the gateway route: Claude
// Code's CLAUDE_CODE_USE_GATEWAY with a base URL and a token sends the
// same request as no switch, but refuses a plain-http base URL
// (tool.ClaudeGatewayRefuses).
func (r Route) ViaSwitch() bool { return r.Gateway() && r.Switch.Set() }

// SwitchVar is the variable name of a switch: its Source.Key without the
// settings' "env." prefix.
func (r Route) SwitchVar() string {
	k := r.Switch.Source.Key
	if len(k) > len(tool.ClaudeEnv)+1 && k[:len(tool.ClaudeEnv)+1] == tool.ClaudeEnv+"." {
		return k[len(tool.ClaudeEnv)+1:]
	}
	return k
}

// claudeRoute is the provider Claude Code picks, as it does: the first
// truthy switch in its order, else its own login when nothing gives a
// base URL or a key, else the triple. CLAUDE_CODE_USE_GATEWAY with both
// ANTHROPIC_BASE_URL and ANTHROPIC_AUTH_TOKEN comes first and sends the
// same request as no switch (2.1.197, docs/tools.md): the gateway route.
func (s *Snapshot) claudeRoute(t Tool) Route {
	for _, sw := range tool.ClaudeSwitches {
		v := s.ClaudeVar(sw.Var)
		if !tool.ClaudeTruthy(v.Value) {
			continue
		}
		if sw.SameWire {
			if s.ClaudeVar(tool.AnthropicBaseURL).Value != "" && s.ClaudeVar(tool.AnthropicAuthToken).Value != "" {
				// The switch is kept: it adds a rule of its own to the
				// base URL (tool.ClaudeGatewayRefuses).
				return Route{Kind: RouteGateway, Name: sw.Name, Title: sw.Title, Switch: v}
			}
			continue
		}
		return Route{Kind: RouteCloud, Name: sw.Name, Title: sw.Title, Switch: v}
	}
	if !t.Base.Configured() && !t.Key.Set() {
		if v := s.claudeLogin(); v.Set() {
			return Route{Kind: RouteLogin, Name: "claude.ai", Title: "Claude subscription login", Switch: v}
		}
	}
	return Route{Kind: RouteGateway}
}

// claudeLogin is Claude Code's own sign-in, if any: a
// CLAUDE_CODE_OAUTH_TOKEN, the OAuth tokens of the credentials file, or
// the account recorded in the state file.
func (s *Snapshot) claudeLogin() Value {
	if v := s.ClaudeVar(tool.ClaudeOAuthTokenVar); v.Value != "" {
		return Value{Source: v.Source}
	}
	if s.Claude.Login.Set() {
		return s.Claude.Login
	}
	return Value{}
}

// readClaudeLogin notes a subscription sign-in in the credentials file.
func (s *Snapshot) readClaudeLogin() {
	path := tool.ClaudeCredentials(s.Env)
	doc, _ := loadJSON(claudeID, path)
	if doc == nil {
		return
	}
	if r := doc.get(tool.ClaudeOAuthKey); r.IsObject() {
		s.Claude.Login = Value{Source: doc.source(r, tool.ClaudeOAuthKey)}
	}
}

// Request is what a tool will send on the gateway route: the URL as the
// tool builds it from its base URL (no normalisation) and the header its
// key goes in.
type Request struct {
	URL string
	// Header is "Authorization: Bearer", "x-api-key", both for Claude
	// Code's apiKeyHelper, or "" when the tool sends no key.
	Header string
}

// Request computes the request the tool sends, when it is a client that
// sends one (not an MCP server entry or a .env) and its route is the
// gateway.
func (t Tool) Request() (Request, bool) {
	if t.MCP || !t.Route.Gateway() || t.Rule.Protocol == "" || !t.Base.Set() || t.ID == gateway.DotEnv {
		return Request{}, false
	}
	r := Request{URL: t.Rule.WillRequest(t.Base.Value)}
	if t.Rule.Query != "" {
		r.URL += "?" + t.Rule.Query
	}
	switch {
	case t.KeyName == KeyHelper || t.Helper.Set():
		r.Header = "Authorization: Bearer + x-api-key"
	case t.KeyName == CodexLoginKeyName:
		r.Header = "Authorization: Bearer, the ChatGPT sign-in's token"
	case t.Login.Set():
		r.Header = "Authorization: Bearer (the subscription login's token)"
	case t.Auth == gateway.AuthBearer:
		r.Header = "Authorization: Bearer"
	case t.Auth == gateway.AuthXAPIKey:
		r.Header = "x-api-key"
	}
	return r, true
}
