package pi_test

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/tool/pi"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) { tooltest.FactsObserved(t, pi.Facts, pi.Observed, pi.Tool) }

// TestChecksByVersion: each of Pi's traps is judged by the facts of the
// version installed (the one observed; a newer one: the newest facts;
// none detected: the newest), and the message names the version.
func TestChecksByVersion(t *testing.T) {
	key := `, "api": "openai-completions", "apiKey": "` + testKey + `"`
	cases := []struct {
		name  string
		files map[string]string
		code  catalog.Code
		says  string // after "pi[ VERSION] "
	}{
		{name: "undeclared model", files: map[string]string{".pi/agent/models.json": models(key), ".pi/agent/settings.json": `{"defaultProvider": "gw", "defaultModel": "gpt-5"}`},
			code: catalog.PiModelFallback, says: "silently starts with another model"},
		{name: "variable unset", files: map[string]string{".pi/agent/models.json": models(`, "api": "openai-completions", "apiKey": "GW_KEY"`), ".pi/agent/settings.json": settings},
			code: catalog.EnvMissing, says: "sends the name itself"},
		{name: "project settings", files: map[string]string{".pi/agent/models.json": models(key), ".pi/agent/settings.json": settings, "proj/.pi/settings.json": `{"defaultModel": "gpt-4o"}`},
			code: catalog.ValueOverridden, says: "merges the project's .pi/settings.json"},
		{name: "auth.json key", files: map[string]string{".pi/agent/models.json": models(key), ".pi/agent/settings.json": settings, ".pi/agent/auth.json": `{"gw": {"type": "api_key", "key": "sk-test-stale-0000000000"}}`},
			code: catalog.ValueOverridden, says: "sends it, not providers.gw.apiKey"},
	}
	for _, v := range []string{pi.Observed, "0.99.0", ""} {
		for _, tt := range cases {
			t.Run(tt.name+" "+v, func(t *testing.T) {
				e, dir := envtest.Home(t, tt.files, nil)
				fs := tooltest.Findings(t, e, dir+"/proj", pi.Tool, v, testKey)
				tooltest.Says(t, fs, tt.code, strings.TrimSpace("pi "+v)+" "+tt.says)
			})
		}
	}
}
