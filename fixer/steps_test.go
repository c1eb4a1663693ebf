package fixer_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/fixer"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/writers"
)

// A config-invalid finding about Cline's providers.json that stamping
// updatedAt does not cure (a lastUsedProvider naming no entry) stays a
// step for the user: it was once listed as fixed, because the fixer
// matched the file's name instead of asking the check.
func TestDanglingClineProviderIsAStep(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	e, dir := envtest.Home(t, map[string]string{
		".cline/data/settings/providers.json": `{"version": 1, "lastUsedProvider": "nope", "providers": {"other": {"settings": {"provider": "anthropic", "model": "x"}, "updatedAt": "2026-11-29T21:35:09.883Z"}}}`,
		".claude/settings.json":               `{"env": {"ANTHROPIC_BASE_URL": "https://gateway.example/api/v1", "ANTHROPIC_AUTH_TOKEN": "` + key + `", "ANTHROPIC_MODEL": "gpt-4o"}}`,
	}, nil)
	project := filepath.Join(dir, "proj")
	p := gateway.Profile{BaseURL: "https://gateway.example/api", Key: key, Model: "gpt-4o"}
	s := discover.Discover(e, discover.Options{Project: project})
	var fs []doctor.Finding
	for _, c := range checks.Offline(checks.Options{Snapshot: s, Profile: p}) {
		if c.Name() == "config-files" || c.Name() == "url-shape" {
			fs = append(fs, c.Run(context.Background(), e)...)
		}
	}
	r, err := fixer.Plan(e, fixer.Options{Writers: writers.Options{Env: e, Profile: p, Project: project}}, fs)
	if err != nil {
		t.Fatal(err)
	}
	var invalid, double bool
	for _, f := range r.Fixes {
		switch f.Finding.Code {
		case catalog.ConfigInvalid:
			invalid = true
			if f.Applied || f.Reason != "" {
				t.Errorf("%s (%s) applied %v, reason %q: it is a step", f.Finding.Code, f.Finding.Message, f.Applied, f.Reason)
			}
		case catalog.URLDoubleVersion:
			double = double || f.Applied
		}
	}
	if !invalid || !double {
		t.Fatalf("config-invalid found %v, url-double-version applied %v: %+v", invalid, double, r.Fixes)
	}
}
