package kilo_test

import (
	"context"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/tool/kilo"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	if got := kilo.Facts.Newest(); got != kilo.Observed || kilo.Tool.Observed != kilo.Observed {
		t.Errorf("Facts' newest %q, Observed %q, the tool's %q", got, kilo.Observed, kilo.Tool.Observed)
	}
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
	for _, v := range []string{kilo.Observed, "99.0.0", ""} {
		t.Run(v, func(t *testing.T) {
			e, dir := envtest.Home(t, map[string]string{".config/kilo/kilo.jsonc": global, "proj/kilo.json": `{"model": "gw/m2"}`}, nil)
			o := checks.Options{Snapshot: discover.Discover(e, discover.Options{Project: dir + "/proj"})}
			if v != "" {
				o.Versions = toolversion.Versions{kilo.ID: {Version: v}}
			}
			want := map[catalog.Code]string{
				catalog.ModelUndeclared: "is not declared under provider.gw.models",
				catalog.EnvMissing:      strings.TrimSpace("Kilo Code "+v) + " sends no auth header (401)",
				catalog.ValueOverridden: "kilo.json sets model",
			}
			var got []string
			for _, s := range kilo.Tool.Impl.(checks.Provider).ChecksOffline(o) {
				for _, f := range s.Check.Run(context.Background(), e) {
					if says, ok := want[f.Code]; ok && strings.Contains(f.Message, says) {
						delete(want, f.Code)
					}
					got = append(got, string(f.Code)+": "+f.Message)
				}
			}
			if len(want) != 0 {
				t.Errorf("missing %v; found %q", want, got)
			}
		})
	}
}
