package crush_test

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/tool/crush"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestFactsUnversioned: the facts were seen with a source build that
// names no release, so no version is recorded and facts-older never
// compares (Tool.Observed stays empty).
func TestFactsUnversioned(t *testing.T) {
	if got := crush.Facts.Newest(); got != "" || crush.Tool.Observed != "" {
		t.Errorf("Facts' newest %q, the tool's Observed %q: no release was observed", got, crush.Tool.Observed)
	}
}

// TestChecksByVersion: each of Crush's traps is judged by the facts for
// the version installed (any release: the only, newest facts; none
// detected: the same), and the message names the version.
func TestChecksByVersion(t *testing.T) {
	global := globalJSON("openai-compat", "https://gw.example/v1", testKey)
	cases := []struct {
		name  string
		files map[string]string
		code  catalog.Code
		says  string // after "Crush[ VERSION]"
	}{
		{name: "undeclared model", files: map[string]string{".config/crush/crush.json": strings.Replace(global, `"model": "m1"`, `"model": "m2"`, 1)},
			code: catalog.CrushModelFallback, says: " silently selects its default model"},
		{name: "variable unset", files: map[string]string{".config/crush/crush.json": globalJSON("openai-compat", "https://gw.example/v1", "$GW_UNSET_KEY")},
			code: catalog.EnvMissing, says: " sends the provider no key"},
		{name: "crushrc", files: map[string]string{".config/crush/crush.json": global, ".config/crush/crushrc": "export X=1\n"},
			code: catalog.CrushScriptUnread, says: " runs it as Bash"},
	}
	for _, v := range []string{"0.96.1", ""} {
		for _, tt := range cases {
			t.Run(tt.name+" "+v, func(t *testing.T) {
				e, dir := envtest.Home(t, tt.files, nil)
				fs := tooltest.Findings(t, e, dir, crush.Tool, v, testKey)
				tooltest.Says(t, fs, tt.code, strings.TrimSpace("Crush "+v)+tt.says)
			})
		}
	}
}
