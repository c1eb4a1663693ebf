package wire

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/router"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// ccrConfig is a claude-code-router config.json whose one provider entry
// starts on line 5: the place a router → upstream fix names.
const ccrConfig = `{
  // claude-code-router accepts comments
  "APIKEY": "sk-test-router-client-0000",
  "Providers": [
    {
      "name": "up",
      "api_base_url": "https://up.example/v1/messages",
      "api_key": "sk-test-upstream-00000000",
      "models": ["claude-sonnet-4-5"]
    }
  ],
  "Router": {"default": "up,claude-sonnet-4-5"}
}`

// Through claude-code-router (the mock's ccr-* scenarios, its bodies as
// 3.1.1 answers), each hop's fix lands on its own side: a failure of the
// router → upstream hop names the router's provider entry, the file and
// line of its config.json, with the router's restart command, and never
// the tool's base URL line; the tool → router hop (the router refuses the
// tool's key) names the tool's file and line.
func TestHopFixPlaces(t *testing.T) {
	home := testutil.TempDir(t)
	dir := filepath.Join(home, ".claude-code-router")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(ccrConfig), 0o600); err != nil {
		t.Fatal(err)
	}
	re := &env.Env{Home: home, GOOS: "linux", Getenv: func(string) string { return "" }}
	identify := func(ctx context.Context, base, model string) (router.Router, bool) {
		r, ok := router.Identify(ctx, router.Client(), base)
		if ok && r.Kind == router.CCR {
			r.Route = router.ReadCCR(re, model)
		}
		return r, ok
	}
	const baseAt, keyAt = "~/.claude/settings.json:1 (env.ANTHROPIC_BASE_URL)", "~/.claude/settings.json:1 (env.ANTHROPIC_AUTH_TOKEN)"
	entryAt := "~/.claude-code-router/config.json:5 (Providers[0])"
	for _, tc := range []struct {
		scenario string
		code     catalog.Code
		place    string // where the fix says to make it
		restart  bool
	}{
		{mock.CCRUpstreamAuth, catalog.RouterUpstreamAuth, entryAt, true},
		{mock.CCRModelUnrouted, catalog.RouterModelUnrouted, entryAt, true},
		{mock.CCRUpstream429, catalog.RouterUpstreamError, entryAt, true},
		{mock.CCRClientKey, catalog.RouterClientKey, keyAt, true},
	} {
		t.Run(tc.scenario, func(t *testing.T) {
			srv := startMock(t, mock.Options{Scenario: tc.scenario})
			p := Path{Tool: "claude", Base: srv.Root(), Key: wireKey, KeyVar: "ANTHROPIC_AUTH_TOKEN", Model: "claude-sonnet-4-5",
				BaseSource: baseAt, KeySource: keyAt}
			fs := routedRun(t, p, identify)
			f := find2(fs, string(tc.code))
			if f == nil {
				t.Fatalf("no %s: %+v", tc.code, fs)
			}
			if !strings.Contains(f.Fix, tc.place) && !strings.Contains(f.Fix, filepath.FromSlash(tc.place)) { // the router's file as Windows names it
				t.Errorf("the fix does not name %s: %s", tc.place, f.Fix)
			}
			if tc.place == entryAt && strings.Contains(f.Fix, "settings.json") {
				t.Errorf("a router → upstream fix names the tool's file: %s", f.Fix)
			}
			if got := strings.Contains(f.Fix, "ccr stop && ccr start"); got != tc.restart {
				t.Errorf("restart command in the fix %v, want %v: %s", got, tc.restart, f.Fix)
			}
			for _, secret := range []string{"sk-test-router-client-0000", "sk-test-upstream-00000000"} {
				if strings.Contains(f.Message+f.Fix, secret) {
					t.Errorf("the router's key %q in the finding", secret)
				}
			}
		})
	}
}

// routedRun climbs one path's ladder with a router identifier.
func routedRun(t *testing.T, p Path, id Identifier) []doctor.Finding {
	t.Helper()
	const timeout = 5 * time.Second
	e := env.FromMap(nil)
	pc, err := probe.NewClient(probe.Options{Getenv: e.Getenv, Timeout: timeout, DialTimeout: timeout, ResponseHeaderTimeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	o := Options{Client: ProbeClient{pc}, Timeout: timeout, Meter: &Meter{}, MaxTTFT: timeout, MaxTPOT: timeout,
		Retry: RetryPolicy{Max: 0, Base: 5 * time.Millisecond, Cap: timeout}, Router: id}
	return doctor.Run(context.Background(), e, Checks([]Path{p}, o), doctor.RunOptions{Timeout: o.Budget()})
}
