package droid_test

import (
	"fmt"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/droid"
)

// TestLayersByVersion: the reader takes the levels the installed
// version reads (Snapshot.AtVersions). Only 0.225.2 is observed, so the
// older span is made up for the test: a version that reads no project
// settings.
func TestLayersByVersion(t *testing.T) {
	observed := droid.Facts
	t.Cleanup(func() { droid.Facts = observed })
	newest := observed.Value("")
	older := newest
	older.ProjectSettingsWin = false
	droid.Facts = tool.Facts[droid.Sheet]{{Seen: []string{"0.200.0"}, Value: older}, {From: droid.Version, Seen: []string{droid.Version}, Value: newest}}

	const level = `{"sessionDefaultSettings": {"model": "custom:GW-0"},
  "customModels": [{"model": "%s", "displayName": "GW", "baseUrl": "https://gw.example/api/v1", "apiKey": "` + testKey + `", "provider": "generic-chat-completion-api"}]}`
	files := map[string]string{
		".factory/settings.json":      fmt.Sprintf(level, "gpt-4o"),
		"proj/.git/HEAD":              "ref: refs/heads/main\n",
		"proj/.factory/settings.json": fmt.Sprintf(level, "gpt-4o-mini"),
	}
	for _, tt := range []struct{ name, version, model string }{
		{"the observed version: the project's level wins", droid.Version, "gpt-4o-mini"},
		{"none detected: the newest", "", "gpt-4o-mini"},
		{"the older span: the user's settings", "0.200.0", "gpt-4o"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, dir := envtest.Home(t, files, nil)
			s := discover.Discover(e, discover.Options{Project: dir + "/proj"})
			s.AtVersions(map[gateway.ToolID]string{droid.ID: tt.version})
			d, ok := s.Tool(string(droid.ID))
			if !ok {
				t.Fatalf("droid not resolved; problems %+v", s.Problems)
			}
			if d.Model.Value != tt.model || d.Key.Value != testKey || d.Auth != gateway.AuthBearer {
				t.Errorf("model %q key set %v auth %q, want %q", d.Model.Value, d.Key.Value == testKey, d.Auth, tt.model)
			}
		})
	}
}
