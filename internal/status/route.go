package status

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// Route is where a tool's requests go and what decides it.
type Route struct {
	Kind   string `json:"kind"` // gateway, cloud, login, provider
	Name   string `json:"name,omitempty"`
	Title  string `json:"title,omitempty"`
	Value  string `json:"value,omitempty"`  // the switch's value
	Source string `json:"source,omitempty"` // file:line or $VARIABLE
	Key    string `json:"key,omitempty"`
}

// Request is the request a tool on the gateway route will send.
type Request struct {
	URL        string `json:"url"`
	AuthHeader string `json:"auth_header,omitempty"`
}

// routeOf is the tool's route as status shows it.
func routeOf(e *env.Env, t discover.Tool) *Route {
	if t.Route.Gateway() {
		return &Route{Kind: string(discover.RouteGateway)}
	}
	sw := t.Route.Switch
	return &Route{Kind: string(t.Route.Kind), Name: t.Route.Name, Title: t.Route.Title,
		Value: sw.Value, Source: sw.Source.Display(e), Key: sw.Source.Key}
}

// requestOf is the request the tool will send, as discovery computes it.
func requestOf(t discover.Tool) *Request {
	r, ok := t.Request()
	if !ok {
		return nil
	}
	return &Request{URL: r.URL, AuthHeader: r.Header}
}

// routeRow is the row status prints before a tool's triple when its
// requests go elsewhere than the gateway.
func routeRow(t Tool) (string, bool) {
	if t.Route == nil || t.Route.Kind == string(discover.RouteGateway) {
		return "", false
	}
	v := Value{Source: t.Route.Source, Key: t.Route.Key}
	return "route\t" + t.Route.Title + "\t" + Dash(describe(v)), true
}

// requestRow is the row status prints after the triple of a tool on the
// gateway route: the request it sends and the header of its key.
func requestRow(t Tool) (string, bool) {
	if t.Request == nil {
		return "", false
	}
	return "request\tPOST " + t.Request.URL + "\tkey in " + Dash(t.Request.AuthHeader), true
}
