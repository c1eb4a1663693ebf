package wire

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// WirePaths gives Claude Code's path the background model it will use:
// the one its settings name, else its built-in default, marked as such and
// placed in the settings file where it belongs.
func TestWirePathsBackground(t *testing.T) {
	settings := func(extra string) map[string]string {
		return map[string]string{".claude/settings.json": `{"env":{"ANTHROPIC_BASE_URL":"http://g/api","ANTHROPIC_AUTH_TOKEN":"` + wireKey + `",` + extra + `"ANTHROPIC_MODEL":"m"}}`}
	}
	for _, tt := range []struct {
		name, extra, model, source string
		dflt                       bool
	}{
		{"defaulted", "", defaultBackground(t), "~/.claude/settings.json", true},
		{"set", `"ANTHROPIC_DEFAULT_HAIKU_MODEL":"small",`, "small", "~/.claude/settings.json:1 (env.ANTHROPIC_DEFAULT_HAIKU_MODEL)", false},
	} {
		ps := Paths(wireSnapshot(t, settings(tt.extra), nil), "")
		if len(ps) != 1 {
			t.Fatalf("%s: %d paths", tt.name, len(ps))
		}
		p := ps[0]
		if p.BackgroundModel != tt.model || p.BackgroundDefault != tt.dflt || p.BackgroundSource != filepath.FromSlash(tt.source) {
			t.Errorf("%s: background %q default %v source %q", tt.name, p.BackgroundModel, p.BackgroundDefault, p.BackgroundSource)
		}
		if at := p.BackgroundAt; filepath.Base(at.File) != "settings.json" || !filepath.IsAbs(at.File) || (at.Line > 0) == tt.dflt {
			t.Errorf("%s: background at %+v", tt.name, at)
		}
	}
	// other tools have none
	codex := map[string]string{".codex/config.toml": "model = \"m\"\nmodel_provider = \"gw\"\n[model_providers.gw]\nbase_url = \"http://g/api/v1\"\nenv_key = \"GW_KEY\"\nwire_api = \"responses\"\n"}
	if ps := Paths(wireSnapshot(t, codex, map[string]string{"GW_KEY": wireKey}), ""); len(ps) != 1 || ps[0].BackgroundModel != "" {
		t.Errorf("codex path: %+v", ps)
	}
}

// The background rung judges a defaulted model as it judges a set one:
// listed is free, unlisted costs one request, a 404 is an error whose fix
// names the closest small model the gateway serves.
func TestWireBackgroundDefault(t *testing.T) {
	notFound := func(model string) func(int) *probe.Result {
		main := answer("claude-sonnet-4-5")
		return func(n int) *probe.Result {
			if n == 1 { // the main model's request
				return main(n)
			}
			r := status(404, `{"error":{"type":"not_found_error","message":"model: `+model+`"}}`)
			r.Code = "model-not-found"
			return r
		}
	}
	bgPath := claudePath(root, "claude-sonnet-4-5")
	bgPath.BackgroundModel, bgPath.BackgroundDefault, bgPath.BackgroundSource = defaultBackground(t), true, "~/.claude/settings.json"
	bgPath.BackgroundAt = doctor.At{File: filepath.FromSlash("/home/u/.claude/settings.json")}
	tests := []struct {
		name     string
		models   []string
		route    func(int) *probe.Result
		status   doctor.Status
		msg, fix string
	}{
		{"listed", []string{"claude-sonnet-4-5", defaultBackground(t)}, nil, doctor.OK,
			"Claude Code's default background model (no ANTHROPIC_DEFAULT_HAIKU_MODEL is set), is among the models the gateway lists", ""},
		{"not listed, refused", []string{"claude-sonnet-4-5", "claude-haiku-4-5"}, notFound(defaultBackground(t)), doctor.Error,
			"is not served by the gateway; closest it serves: claude-haiku-4-5",
			"set ANTHROPIC_DEFAULT_HAIKU_MODEL in ~/.claude/settings.json to claude-haiku-4-5, the closest one the gateway serves, or run 'keydoctor setup --tools claude --background-model claude-haiku-4-5'"},
		{"no list, refused", nil, notFound(defaultBackground(t)), doctor.Error,
			"is not served by the gateway", "set ANTHROPIC_DEFAULT_HAIKU_MODEL in ~/.claude/settings.json to one the gateway serves"},
		{"no list, served", nil, answer(defaultBackground(t)), doctor.OK,
			"is served (answered as " + defaultBackground(t) + ")", ""},
	}
	for _, tt := range tests {
		c := &fakeClient{routes: healthy(root, gateway.Messages, "claude-sonnet-4-5"), models: tt.models}
		if tt.models == nil {
			c.routes[root+"/v1/models models"] = func(int) *probe.Result { return status(404, `{"error":{"message":"no"}}`) }
		}
		if tt.route != nil {
			c.routes[root+"/v1/messages"] = tt.route
		}
		fs, _ := runWire(t, c, []Path{bgPath}, Options{})
		var bg *doctor.Finding
		for i := range fs {
			if fs[i].Check == string(stepBackground) {
				bg = &fs[i]
			}
		}
		if bg == nil || bg.Status != tt.status || !strings.Contains(bg.Message, tt.msg) || !strings.HasPrefix(bg.Fix, tt.fix) {
			t.Errorf("%s: background finding %+v", tt.name, bg)
			continue
		}
		if bg.Status == doctor.Error && bg.Code != "model-not-found" {
			t.Errorf("%s: code %q", tt.name, bg.Code)
		}
		// An unserved background model is fixed by setting a served one
		// where it belongs: the check proposes that edit (doctor --fix).
		want := &writers.Edit{Kind: writers.EditTriple, Tool: gateway.ToolID("claude"), Path: bgPath.BackgroundAt.File, Background: true}
		if bg.Status == doctor.Error && (bg.Edit == nil || *bg.Edit != *want || bg.At != bgPath.BackgroundAt) {
			t.Errorf("%s: edit %+v at %+v, want %+v", tt.name, bg.Edit, bg.At, want)
		}
		if bg.Status != doctor.Error && bg.Edit != nil {
			t.Errorf("%s: a served background model proposes an edit", tt.name)
		}
		if n := c.calls[root+"/v1/messages"]; (tt.route == nil) != (n == 1) {
			t.Errorf("%s: %d non-streaming requests (a listed model costs none)", tt.name, n)
		}
	}
}

// defaultBackground is the model the background path of these tests
// defaults to: the registered tool's own (a tool package imports this one,
// so its test reads the fact through the registry).
func defaultBackground(t *testing.T) string {
	t.Helper()
	for _, d := range tool.All() {
		if d.DefaultBackgroundModel != "" {
			return d.DefaultBackgroundModel
		}
	}
	t.Fatal("no registered tool has a default background model")
	return ""
}
