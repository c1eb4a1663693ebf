// Package status is the `keydoctor status` session: what each tool will
// use (base URL, key masked, model), where each value came from and what
// it shadows, as the keydoctor/status@1 document and as text.
package status

import (
	"context"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/router"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// Schema names the JSON document `status --json` prints.
const Schema = "keydoctor/status@1"

// Value is one part of a triple as status prints it.
type Value struct {
	Value     string  `json:"value"`
	Source    string  `json:"source"`
	Key       string  `json:"key,omitempty"` // the key inside the file, or the variable
	Default   bool    `json:"default,omitempty"`
	Overrides []Value `json:"overrides,omitempty"`
}

// Tool is one tool's triple and where its requests go.
type Tool struct {
	Tool    string `json:"tool"`
	Label   string `json:"label"`
	BaseURL Value  `json:"base_url"`
	Key     Value  `json:"key"`
	Model   Value  `json:"model"`
	// BackgroundModel is the model of a tool's background requests, set
	// or its built-in default (default: true), for a tool that has one.
	BackgroundModel *Value `json:"background_model,omitempty"`
	// Route is where the requests really go; Request what a tool on the
	// gateway route sends (URL, header of the key).
	Route   *Route   `json:"route,omitempty"`
	Request *Request `json:"request,omitempty"`
	// Profile is the stored profile the tool matches (base URL, model,
	// key), "none" when it matches none; omitted without profiles.
	Profile string `json:"profile,omitempty"`
	// Version is the tool's installed version and VersionSource where it
	// was read (its package.json, or the command run with --version);
	// omitted when none is found.
	Version       string `json:"version,omitempty"`
	VersionSource string `json:"version_source,omitempty"`
	// Headers are the extra headers the tool sends with each request
	// (a credential's value masked).
	Headers []Header `json:"headers,omitempty"`
	// Router is the local router listening at the tool's loopback base
	// URL (claude-code-router, CC Switch, Portkey, LiteLLM, one-api) and
	// where it sends the model when its configuration was read; omitted
	// for a base URL that is not a known router.
	Router *router.Router `json:"router,omitempty"`
}

// Header is one extra header a tool sends, as status prints it.
type Header struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Source string `json:"source"`
	Key    string `json:"key,omitempty"` // the key inside the file, or the variable
}

// Doc is the `status --json` document, keydoctor/status@1: a contract
// (docs/architecture.md, Contracts).
type Doc struct {
	Schema   string         `json:"schema"`
	Tools    []Tool         `json:"tools"`
	Problems []Issue        `json:"problems"`
	Profile  gateway.Public `json:"profile"`
	// DefaultProfile is the stored profile commands fall back to.
	DefaultProfile string `json:"default_profile,omitempty"`
}

// Issue is a file discovery could not read.
type Issue struct {
	Tool    string `json:"tool"`
	Source  string `json:"source"`
	Message string `json:"message"`
}

// Options say what to show.
type Options struct {
	Profile gateway.Profile
	// Tool keeps one tool's rows and problems ("" keeps all).
	Tool string
	// Profiles are the stored profiles each tool is matched with, and
	// DefaultProfile the one commands fall back to.
	Profiles       []profile.Resolved
	DefaultProfile string
	// Versions are the tools' installed versions (toolversion.ForIDs).
	Versions toolversion.Versions
	// Routers are the local routers at the tools' base URLs (FindRouters).
	Routers Routers
}

// Read discovers every tool's configuration as seen from project, asks
// for the installed versions and the local routers, and builds the
// status: what 'keydoctor status' prints.
func Read(ctx context.Context, e *env.Env, project string, o Options) Doc {
	snap := discover.Discover(e, discover.OptionsFor(o.Profile, project))
	o.Versions = toolversion.ForIDs(ctx, e, snap.ToolIDs()...)
	// What a tool reads can depend on its version (discover.Versioner):
	// read again as the detected versions read.
	snap.AtVersions(o.Versions.Strings())
	o.Routers = FindRouters(ctx, e, snap)
	return Build(e, snap, o)
}

// Build is the status of every tool snap found.
func Build(e *env.Env, snap *discover.Snapshot, o Options) Doc {
	doc := Doc{Schema: Schema, Tools: []Tool{}, Problems: []Issue{}, Profile: o.Profile.Public()}
	for _, t := range append(snap.Tools, snap.Elsewhere...) {
		if o.Tool != "" && string(t.ID) != o.Tool {
			continue
		}
		st := Tool{Tool: string(t.ID), Label: t.Label,
			BaseURL: toValue(e, t.Base, t.Places.Base, false), Key: toValue(e, t.Key, t.Places.Key, true),
			Model: toValue(e, t.Model, t.Places.Model, false), Route: routeOf(e, t), Request: requestOf(t)}
		for _, h := range t.Headers {
			st.Headers = append(st.Headers, Header{Name: h.Name, Value: shown(h.Value.Value, h.Secret()), Source: h.Value.Source.Display(e), Key: h.Value.Source.Key})
		}
		if r, ok := o.Routers[t.Label]; ok {
			st.Router = &r
		}
		if v, ok := o.Versions[t.ID]; ok {
			st.Version, st.VersionSource = v.Version, v.Where(e)
		}
		if bg := t.Background(); bg.Set() {
			v := toValue(e, bg, discover.Source{}, false)
			st.BackgroundModel = &v
		}
		doc.Tools = append(doc.Tools, st)
	}
	doc.DefaultProfile = o.DefaultProfile
	for _, t := range snap.Tools {
		for j := range doc.Tools {
			if doc.Tools[j].Label == t.Label && len(o.Profiles) > 0 {
				doc.Tools[j].Profile = OrNone(profile.Match(o.Profiles, profile.Triple{Root: t.Base.Value, Model: t.Model.Value, Key: t.Key.Value}))
			}
		}
	}
	for _, pr := range snap.Problems {
		if o.Tool == "" || pr.Tool == o.Tool {
			doc.Problems = append(doc.Problems, Issue{pr.Tool, pr.At(e), pr.Message})
		}
	}
	return doc
}

// shown is a value as status shows it: a secret (a key, a secret header)
// masked on purpose, as the contract shows a key (sk-t****cdef).
func shown(v string, secret bool) string {
	if secret {
		return redact.Shown(v)
	}
	return v
}

// toValue is a value as printed; an unset one names where it belongs.
func toValue(e *env.Env, v discover.Value, place discover.Source, secret bool) Value {
	sv := Value{Value: shown(v.Value, secret), Source: v.Source.Display(e), Key: v.Source.Key, Default: v.Source.Default}
	if !v.Set() {
		sv.Source, sv.Key = "not set", ""
		if place.Key != "" {
			sv.Source = "not set (" + place.Where(e) + ")"
		}
	}
	for _, ov := range v.Overrides {
		sv.Overrides = append(sv.Overrides, toValue(e, ov, discover.Source{}, secret))
	}
	return sv
}
