package main

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// statusRoute is where a tool's requests go and what decides it.
type statusRoute struct {
	Kind   string `json:"kind"` // gateway, cloud, login, provider
	Name   string `json:"name,omitempty"`
	Title  string `json:"title,omitempty"`
	Value  string `json:"value,omitempty"`  // the switch's value
	Source string `json:"source,omitempty"` // file:line or $VARIABLE
	Key    string `json:"key,omitempty"`
}

// statusRequest is the request a tool on the gateway route will send.
type statusRequest struct {
	URL        string `json:"url"`
	AuthHeader string `json:"auth_header,omitempty"`
}

// routeOf is the tool's route as status shows it.
func routeOf(e *env.Env, t discover.Tool) *statusRoute {
	if t.Route.Gateway() {
		return &statusRoute{Kind: string(discover.RouteGateway)}
	}
	sw := t.Route.Switch
	return &statusRoute{Kind: string(t.Route.Kind), Name: t.Route.Name, Title: t.Route.Title,
		Value: sw.Value, Source: sw.Source.Display(e), Key: sw.Source.Key}
}

// requestOf is the request the tool will send, as discovery computes it.
func requestOf(t discover.Tool) *statusRequest {
	r, ok := t.Request()
	if !ok {
		return nil
	}
	return &statusRequest{URL: r.URL, AuthHeader: r.Header}
}

// routeRow is the row status prints before a tool's triple when its
// requests go elsewhere than the gateway.
func routeRow(t statusTool) (string, bool) {
	if t.Route == nil || t.Route.Kind == string(discover.RouteGateway) {
		return "", false
	}
	v := statusValue{Source: t.Route.Source, Key: t.Route.Key}
	return "route\t" + t.Route.Title + "\t" + dash(describe(v)), true
}

// requestRow is the row status prints after the triple of a tool on the
// gateway route: the request it sends and the header of its key.
func requestRow(t statusTool) (string, bool) {
	if t.Request == nil {
		return "", false
	}
	return "request\tPOST " + t.Request.URL + "\tkey in " + dash(t.Request.AuthHeader), true
}
