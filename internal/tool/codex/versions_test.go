package codex_test

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/tool/codex"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	tooltest.FactsObserved(t, codex.Facts, codex.Observed, codex.Tool)
}

// TestChecksByVersion: a legacy profile and a byte order mark are judged
// by the facts of the version installed, which the message names.
func TestChecksByVersion(t *testing.T) {
	config := "\xef\xbb\xbfprofile = \"work\"\nmodel_provider = \"gw\"\n[model_providers.gw]\nbase_url = \"https://gw.example/v1\"\nwire_api = \"responses\"\nexperimental_bearer_token = \"" + testKey + "\"\n"
	for _, v := range []string{"", "0.171.0", "0.200.0"} {
		e, dir := home(t, map[string]string{".codex/config.toml": config}, nil)
		var codes []string
		for _, f := range tooltest.Findings(t, e, dir, codex.Tool, v, testKey) {
			codes = append(codes, string(f.Code))
			if f.Code == catalog.CodexLegacyProfile && v != "" && !strings.Contains(f.Message, "Codex "+v+" refuses to start") {
				t.Errorf("%s: %q does not name the version", v, f.Message)
			}
		}
		// Every version observed reads the mark: no config-invalid.
		if strings.Contains(strings.Join(codes, " "), string(catalog.ConfigInvalid)) || !strings.Contains(strings.Join(codes, " "), string(catalog.CodexLegacyProfile)) {
			t.Errorf("%q: codes %v, want codex-legacy-profile and no config-invalid", v, codes)
		}
	}
}
