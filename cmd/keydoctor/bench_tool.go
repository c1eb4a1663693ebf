package main

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/checks/wire"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// toolTarget is the path one configured tool takes to its gateway, as
// `keydoctor status` shows it: base URL, key and model from the tool's
// own files (and the variables it reads), its protocol, endpoint and auth
// header. bench --tool and ping --tool measure exactly this.
type toolTarget struct {
	path wire.Path
	// profile is the path as a profile: what messages and curl commands
	// name (key source, key variable).
	profile gateway.Profile
}

// findToolTarget discovers the tool's configuration. p is the profile the
// flags and variables gave: its preset names the variables discovery
// reads, and an explicit --model replaces the tool's model.
func findToolTarget(e *env.Env, p gateway.Profile, id string, modelFlag bool) (toolTarget, error) {
	tid, err := parseTool(id)
	if err != nil {
		return toolTarget{}, err
	}
	id = string(tid)
	snap := discover.Discover(e, discover.OptionsFor(p, "."))
	var path *wire.Path
	for _, wp := range wire.Paths(snap, p.Model) {
		if string(wp.Tool) == id {
			// The key helper has its own deadline (claude.HelperTimeout).
			path = &wire.RunKeyHelpers(context.Background(), snap, []wire.Path{wp})[0]
			break
		}
	}
	if path == nil {
		return toolTarget{}, failf(fmt.Sprintf("'keydoctor status' shows what each tool uses; 'keydoctor setup --tools %s' configures it", id),
			"%s is not configured here: none of its files or variables names a gateway", id)
	}
	if path.HelperFailed != "" {
		return toolTarget{}, failf(catalog.Render(catalog.KeyHelperFailed, catalog.Slots{File: path.KeySource}),
			"%s: %s: %s", id, catalog.KeyHelperFailed, path.HelperFailed)
	}
	if path.Skip != "" {
		return toolTarget{}, failf("measure the gateway itself with --base-url and --key-env", "%s: %s", id, path.Skip)
	}
	if path.Key == "" && !path.NoKey {
		return toolTarget{}, failf(fmt.Sprintf("'keydoctor status --tool %s' shows where it looks for a key", id), "%s has no key configured", id)
	}
	if modelFlag && p.Model != "" {
		path.Model = p.Model
	}
	if path.Model == "" {
		return toolTarget{}, usageErrorf("pass --model", "%s names no model in its files", id)
	}
	keyVar := path.KeyVar
	if keyVar == "" {
		keyVar = p.KeyVar
	}
	root := path.Base // what the tool has: report it as the tool has it when it does not parse
	if parsed, err := gateway.Normalize(path.Base); err == nil {
		root = parsed.Root
	}
	tp := gateway.Profile{Preset: p.Preset, BaseURL: root, Key: path.Key, Model: path.Model,
		KeyVar: keyVar, VarBaseURL: p.VarBaseURL, VarModel: p.VarModel,
		Sources: map[gateway.Field]string{gateway.FieldBaseURL: path.BaseSource, gateway.FieldKey: path.KeySource}}
	return toolTarget{path: *path, profile: tp}, nil
}

// request is the request the tool would send, on its exact URL.
func (t toolTarget) request(stream bool) probe.Request {
	auth := t.path.Auth
	if auth == "" {
		auth = gateway.AuthBearer
	}
	return probe.Request{Protocol: t.path.Protocol, URL: t.path.URL(), Key: t.path.Key, Auth: auth,
		Model: t.path.Model, Stream: stream, Header: t.path.Header()}
}

// pingTool is ping's target for --tool: the tool's own path.
func pingTool(o *pingOptions, p gateway.Profile) (pingTarget, error) {
	if o.Protocol != "chat" || o.Profile.baseURL != "" {
		return pingTarget{}, usageErrorf("--tool sends what that tool sends, to the base URL in its files", "use --tool without --protocol and --base-url")
	}
	t, err := findToolTarget(o.Env, p, o.Tool, o.Profile.model != "")
	if err != nil {
		return pingTarget{}, err
	}
	if kp := gateway.CheckKey(t.profile.Key); kp != nil {
		return pingTarget{}, failf(pingFix(kp.Code, t.profile, t.path.Protocol, nil), "%s: %s (in %s)", kp.Code, kp.Reason, keySource(t.profile))
	}
	return pingTarget{profile: t.profile, req: t.request(o.Stream)}, nil
}
