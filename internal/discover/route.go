package discover

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// RouteKind says where a tool's requests really go.
type RouteKind string

const (
	// RouteGateway: to the base URL of the tool's triple.
	RouteGateway RouteKind = "gateway"
	// RouteCloud: to a cloud provider a switch selects (a variable such
	// as a USE_BEDROCK variable), whatever the triple says.
	RouteCloud RouteKind = "cloud"
	// RouteLogin: to the vendor, with its own sign-in (a subscription, a
	// sign-in on the tool's built-in provider).
	RouteLogin RouteKind = "login"
	// RouteProvider: another provider of the tool is selected (the
	// setting that picks its provider), not the gateway's entry.
	RouteProvider RouteKind = "provider"
)

// Route is where a tool sends its requests and what decides it.
type Route struct {
	Kind RouteKind
	// Name is the tool's own name for it: bedrock, vertex, a login's
	// name, a provider id.
	Name string
	// Title names it for people: "Amazon Bedrock".
	Title string
	// Switch is what selects it, with its source: the switch variable
	// (Source.Key is its name, or its key in a settings file), the login
	// file, the setting that picks the provider.
	Switch Value
	// Want is the value of Switch that selects the gateway instead, when
	// one does (the gateway entry's id).
	Want string
}

// Gateway reports whether the requests go to the triple's base URL.
func (r Route) Gateway() bool { return r.Kind == "" || r.Kind == RouteGateway }

// ViaSwitch reports whether a switch selects the gateway route: one that
// sends the same request as no switch, but adds a rule of its own (a
// switch that refuses a plain-http base URL).
func (r Route) ViaSwitch() bool { return r.Gateway() && r.Switch.Set() }

// SwitchVar is the variable name of a switch: its Source.Key without the
// "env." of a settings file's object of variables.
func (r Route) SwitchVar() string {
	k := r.Switch.Source.Key
	if rest, ok := strings.CutPrefix(k, envObject+"."); ok && rest != "" {
		return rest
	}
	return k
}

// envObject is the key of a settings file's object of variables, each
// set as envObject.NAME.
const envObject = "env"

// Request is what a tool will send on the gateway route: the URL as the
// tool builds it from its base URL (no normalisation) and the header its
// key goes in.
type Request struct {
	URL string
	// Header is "Authorization: Bearer", "x-api-key", both for a key
	// command's key, or "" when the tool sends no key.
	Header string
}

// Request computes the request the tool sends, when it is a client that
// sends one (not an MCP server entry or a .env) and its route is the
// gateway.
func (t Tool) Request() (Request, bool) {
	if t.MCP || !t.Route.Gateway() || t.Rule.Protocol == "" || !t.Base.Set() || carriesVars(t.ID) {
		return Request{}, false
	}
	r := Request{URL: t.Rule.WillRequest(t.Base.Value)}
	if t.Rule.Query != "" {
		r.URL += "?" + t.Rule.Query
	}
	switch {
	case t.Header != "":
		r.Header = t.Header
	case t.Auth == gateway.AuthBearer:
		r.Header = "Authorization: Bearer"
	case t.Auth == gateway.AuthXAPIKey:
		r.Header = "x-api-key"
	}
	return r, true
}

// carriesVars reports whether id is a tool of variables other programs
// load (the .env format), not a client that sends requests.
func carriesVars(id gateway.ToolID) bool {
	t, ok := tool.Lookup(string(id))
	return ok && t.Format == tool.FormatDotEnv
}
