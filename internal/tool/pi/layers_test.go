package pi_test

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/pi"
)

// TestLayersByVersion: the reader layers Pi's files by the facts of the
// version installed (Snapshot.AtVersions), not by the newest alone. Only
// 0.73.1 is observed, so the older span here is made up for the test: a
// version whose project settings do not win and whose auth.json is not
// sent.
func TestLayersByVersion(t *testing.T) {
	observed := pi.Facts
	t.Cleanup(func() { pi.Facts = observed })
	newest := observed.Value("")
	older := newest
	older.ProjectSettingsWin, older.AuthFileWins = false, false
	pi.Facts = tool.Facts[pi.Sheet]{{Seen: []string{"0.60.0"}, Value: older}, {From: pi.Observed, Seen: []string{pi.Observed}, Value: newest}}

	const modelsKey = "sk-test-models-json-00000"
	files := map[string]string{
		".pi/agent/models.json":   models(`, "api": "openai-completions", "apiKey": "` + modelsKey + `"`),
		".pi/agent/settings.json": settings,
		".pi/agent/auth.json":     `{"gw": {"type": "api_key", "key": "` + testKey + `"}}`,
		"proj/.pi/settings.json":  `{"defaultModel": "gpt-4o-mini"}`,
	}
	for _, tt := range []struct {
		name, version, model, key, keyName string
	}{
		{"the observed version: project and auth.json win", pi.Observed, "gpt-4o-mini", testKey, "auth.json gw"},
		{"none detected: the newest", "", "gpt-4o-mini", testKey, "auth.json gw"},
		{"a newer one: the newest", "0.80.0", "gpt-4o-mini", testKey, "auth.json gw"},
		{"the older span: global settings, models.json's key", "0.60.0", "gpt-4o", modelsKey, "apiKey"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, dir := envtest.Home(t, files, nil)
			s := discover.Discover(e, discover.Options{Project: dir + "/proj"})
			s.AtVersions(map[gateway.ToolID]string{pi.ID: tt.version})
			got, ok := s.Own(pi.ID)
			if !ok {
				t.Fatal("pi not resolved")
			}
			if got.Model.Value != tt.model || got.Key.Value != tt.key || got.KeyName != tt.keyName {
				t.Errorf("model %q key %q (%s), want %q %q (%s)", got.Model.Value, got.Key.Value, got.KeyName, tt.model, tt.key, tt.keyName)
			}
			if got.Auth != gateway.AuthBearer || got.Base.Value != "https://gw.example/api/v1" {
				t.Errorf("auth %q base %q", got.Auth, got.Base.Value)
			}
		})
	}
}
