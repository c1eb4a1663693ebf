package opencode_test

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/tool/opencode"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	tooltest.FactsObserved(t, opencode.Facts, opencode.Observed, opencode.Tool)
}

// TestChecksByVersion: the format's traps are judged by the facts of the
// version installed (the one observed; a newer one: the newest facts;
// none detected: the newest); the unset variable's message names the
// version.
func TestChecksByVersion(t *testing.T) {
	const global = `{
  "provider": {"gw": {"npm": "@ai-sdk/openai-compatible",
    "options": {"baseURL": "https://gw.example/v1", "apiKey": "{env:GW_UNSET_KEY}"},
    "models": {"m1": {}}}},
  "model": "gw/m2"
}`
	for _, v := range []string{opencode.Observed, "99.0.0", ""} {
		t.Run(v, func(t *testing.T) {
			e, dir := envtest.Home(t, map[string]string{".config/opencode/opencode.json": global, "proj/opencode.json": `{"model": "gw/m2"}`}, nil)
			want := map[catalog.Code]string{
				catalog.ModelUndeclared: "is not declared under provider.gw.models",
				catalog.EnvMissing:      strings.TrimSpace("OpenCode "+v) + " sends no auth header (401)",
				catalog.ValueOverridden: "opencode.json sets model",
			}
			fs := tooltest.Findings(t, e, dir+"/proj", opencode.Tool, v, "")
			for code, says := range want {
				tooltest.Says(t, fs, code, says)
			}
		})
	}
}
