package router_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/router"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// The provider CC Switch's proxy names as current (GET /status) is read
// from its database: the upstream and model it sends the app to, by the
// columns' names (one was added by ALTER TABLE), never a key.
func TestReadCCSwitch(t *testing.T) {
	const dbKey = "sk-fake-ccswitch-0000000000000000"
	db, err := os.ReadFile(filepath.Join("testdata", "ccswitch", "cc-switch.db"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		provider string
		db       bool
		want     router.Route
	}{
		{"claude's current provider", "My Gateway", true, router.Route{File: "~/.cc-switch/cc-switch.db", Provider: "My Gateway",
			Upstream: "https://user:pw@gw.example/api", Model: "claude-sonnet-4-5", Entry: "providers (claude)"}},
		{"codex's, from its config.toml text", "Codex Gateway", true, router.Route{File: "~/.cc-switch/cc-switch.db", Provider: "Codex Gateway",
			Upstream: "https://gw.example/v1", Model: "gpt-5-mini", Entry: "providers (codex)"}},
		{"a provider that is not current is not the route", "Old Gateway", true, router.Route{File: "CC Switch (GET /status)", Provider: "Old Gateway", Note: "from /status"}},
		{"no database: what /status said, and where the rest is", "My Gateway", false, router.Route{File: "CC Switch (GET /status)", Provider: "My Gateway",
			Note: "its providers are in ~/.cc-switch/cc-switch.db, which is not in this home (CC Switch runs as another user?)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := testutil.TempDir(t)
			if tt.db {
				dir := filepath.Join(h, ".cc-switch")
				if err := os.MkdirAll(dir, 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "cc-switch.db"), db, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			e := &env.Env{Home: h, GOOS: "linux", Getenv: func(string) string { return "" }}
			r := &router.Route{File: "CC Switch (GET /status)", Provider: tt.provider, Note: "from /status"}
			router.ReadCCSwitch(e, r)
			r.File = filepath.ToSlash(r.File)
			if *r != tt.want {
				t.Errorf("route %+v\nwant  %+v", *r, tt.want)
			}
			var shown strings.Builder // as the run's writer prints it
			fmt.Fprintf(redact.NewWriter(&shown, nil, redact.Options{}), "%+v\n", *r)
			if strings.Contains(fmt.Sprintf("%+v", *r), dbKey) || strings.Contains(shown.String(), "pw@") {
				t.Errorf("a key or password in the route: %s", shown.String())
			}
		})
	}
}
