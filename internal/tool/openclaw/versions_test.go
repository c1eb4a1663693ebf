package openclaw_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/tool/openclaw"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	if got := openclaw.Facts.Newest(); got != openclaw.Observed || openclaw.Tool.Observed != openclaw.Observed {
		t.Errorf("Facts' newest %q, Observed %q, the tool's %q", got, openclaw.Observed, openclaw.Tool.Observed)
	}
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
			o := checks.Options{Snapshot: discover.Discover(e, discover.Options{Project: dir})}
			if tt.version != "" {
				o.Versions = toolversion.Versions{openclaw.ID: {Version: tt.version}}
			}
			var named int
			for _, s := range openclaw.Tool.Impl.(checks.Provider).ChecksOffline(o) {
				for _, f := range s.Check.Run(context.Background(), e) {
					if strings.Contains(f.Message+f.Fix, testKey) {
						t.Errorf("the key in %q", f.Message)
					}
					if f.Code == catalog.OpenClawModelName && strings.Contains(f.Message, tt.who+" the whole config") {
						named++
					}
				}
			}
			if named != 1 {
				t.Errorf("%d openclaw-model-name findings saying %q, want 1", named, tt.who)
			}
		})
	}
}
