package droid_test

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/tool/droid"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	tooltest.FactsObserved(t, droid.Facts, droid.Version, droid.Tool)
}

// TestChecksByVersion: each of Droid's traps is judged by the facts of the
// version installed (the one observed; a newer one: the newest facts;
// none detected: the newest), and the message names the version.
func TestChecksByVersion(t *testing.T) {
	entry := func(key string) string {
		return `{"model": "gpt-4o", "displayName": "GW", "baseUrl": "https://gw.example/v1", "apiKey": "` + key + `", "provider": "generic-chat-completion-api"}`
	}
	cases := []struct {
		name  string
		files map[string]string
		code  catalog.Code
		says  string // after "Droid[ VERSION]"
	}{
		{name: "a Factory model", files: map[string]string{".factory/settings.json": `{"sessionDefaultSettings": {"model": "gpt-5"}, "customModels": [` + entry(testKey) + `]}`},
			code: catalog.DroidModelUnselected, says: " runs that Factory model"},
		{name: "variable unset", files: map[string]string{".factory/settings.json": `{"sessionDefaultSettings": {"model": "custom:GW-0"}, "customModels": [` + entry("${GW_UNSET_KEY}") + `]}`},
			code: catalog.EnvMissing, says: " sends no usable key"},
		{name: "project settings", files: map[string]string{".factory/settings.json": `{"sessionDefaultSettings": {"model": "custom:GW-0"}, "customModels": [` + entry(testKey) + `]}`,
			"proj/.factory/settings.json": `{"sessionDefaultSettings": {"model": "custom:GW-0"}}`},
			code: catalog.ValueOverridden, says: " reads a project's .factory/settings.json"},
	}
	for _, v := range []string{droid.Version, "0.300.0", ""} {
		for _, tt := range cases {
			t.Run(tt.name+" "+v, func(t *testing.T) {
				e, dir := envtest.Home(t, tt.files, nil)
				fs := tooltest.Findings(t, e, dir+"/proj", droid.Tool, v, testKey)
				tooltest.Says(t, fs, tt.code, strings.TrimSpace("Droid "+v)+tt.says)
			})
		}
	}
}
