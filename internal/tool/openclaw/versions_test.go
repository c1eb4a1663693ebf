package openclaw_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/tool/openclaw"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	tooltest.FactsObserved(t, openclaw.Facts, openclaw.Observed, openclaw.Tool)
}

// TestChecksByVersion: an unnamed model entry is judged by the facts of
// the version installed (the one observed, a newer one: the newest facts;
// none detected: the newest), and the message names the version.
func TestChecksByVersion(t *testing.T) {
	for _, tt := range []struct{ version, who string }{
		{"2026.9.6", "OpenClaw 2026.9.6 rejects"},
		{"2027.1.0", "OpenClaw 2027.1.0 rejects"},
		{"", "OpenClaw rejects"},
	} {
		t.Run(tt.version, func(t *testing.T) {
			e, dir := envtest.Home(t, map[string]string{".openclaw/openclaw.json": fmt.Sprintf(userConfig, "https://gw.example/v1", testKey, "openai-completions")}, nil)
			named := tooltest.Messages(tooltest.Findings(t, e, dir, openclaw.Tool, tt.version, testKey), func(f doctor.Finding) bool {
				return f.Code == catalog.OpenClawModelName && strings.Contains(f.Message, tt.who+" the whole config")
			})
			if len(named) != 1 {
				t.Errorf("%d openclaw-model-name findings saying %q, want 1", len(named), tt.who)
			}
		})
	}
}
