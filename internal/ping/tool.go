package ping

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/checks/wire"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stop"
)

// Tool is the path one configured tool takes to its gateway, as
// `keydoctor status` shows it: base URL, key and model from the tool's
// own files (and the variables it reads), its protocol, endpoint and auth
// header. bench --tool and ping --tool measure exactly this.
type Tool struct {
	Path wire.Path
	// Profile is the path as a profile: what messages and curl commands
	// name (key source, key variable).
	Profile gateway.Profile
}

// FindTool discovers the tool's configuration; its errors are
// *stop.Error. p is the profile the flags and variables gave: its preset
// names the variables discovery reads, and, when modelFlag says the model
// was given explicitly, its model replaces the tool's.
func FindTool(e *env.Env, p gateway.Profile, tid gateway.ToolID, modelFlag bool) (Tool, error) {
	id := string(tid)
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
		return Tool{}, stop.Fail(fmt.Sprintf("'keydoctor status' shows what each tool uses; 'keydoctor setup --tools %s' configures it", id),
			"%s is not configured here: none of its files or variables names a gateway", id)
	}
	if path.HelperFailed != "" {
		return Tool{}, stop.Fail(catalog.Render(catalog.KeyHelperFailed, catalog.Slots{File: path.KeySource}),
			"%s: %s: %s", id, catalog.KeyHelperFailed, path.HelperFailed)
	}
	if path.Skip != "" {
		return Tool{}, stop.Fail("measure the gateway itself with --base-url and --key-env", "%s: %s", id, path.Skip)
	}
	if path.Key == "" && !path.NoKey {
		return Tool{}, stop.Fail(fmt.Sprintf("'keydoctor status --tool %s' shows where it looks for a key", id), "%s has no key configured", id)
	}
	if modelFlag && p.Model != "" {
		path.Model = p.Model
	}
	if path.Model == "" {
		return Tool{}, stop.Usage("pass --model", "%s names no model in its files", id)
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
	return Tool{Path: *path, Profile: tp}, nil
}

// Request is the request the tool would send, on its exact URL.
func (t Tool) Request(stream bool) probe.Request {
	auth := t.Path.Auth
	if auth == "" {
		auth = gateway.AuthBearer
	}
	return probe.Request{Protocol: t.Path.Protocol, URL: t.Path.URL(), Key: t.Path.Key, Auth: auth,
		Model: t.Path.Model, Stream: stream, Header: t.Path.Header()}
}

// CheckKey refuses a key the gateway would refuse before it is sent (a
// *stop.Error naming the code and where the key came from).
func CheckKey(p gateway.Profile, proto gateway.Protocol) error {
	if kp := gateway.CheckKey(p.Key); kp != nil {
		return stop.Fail(Fix(kp.Code, p, proto, nil), "%s: %s (in %s)", kp.Code, kp.Reason, p.KeySource())
	}
	return nil
}
