package router_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/router"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

const fakeKey = "sk-test-routers-0123456789abcdef"

func startMock(t *testing.T, scenario string) string {
	t.Helper()
	s, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Key: fakeKey, Scenario: scenario})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s.URL()
}

// TestIdentifyMockRouters: the mock's router scenarios answer the
// identity endpoints as the real routers do.
func TestIdentifyMockRouters(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		kind     router.Kind
		evidence string
	}{
		{mock.CCROK, router.CCR, "GET /"},
		{mock.CCRUpstreamAuth, router.CCR, "GET /"},
		{mock.PortkeyOK, router.Portkey, "GET /"},
		{mock.PortkeyUpstream, router.Portkey, "GET /"},
	} {
		t.Run(tc.scenario, func(t *testing.T) {
			base := startMock(t, tc.scenario)
			r, ok := router.Identify(context.Background(), router.Client(), base+"/v1")
			if !ok || r.Kind != tc.kind || r.Evidence != tc.evidence {
				t.Fatalf("Identify = %+v, %v; want %s by %s", r, ok, tc.kind, tc.evidence)
			}
			if tc.kind == router.CCR && r.Restart != "ccr stop && ccr start" {
				t.Errorf("restart = %q", r.Restart)
			}
		})
	}
	t.Run("a plain gateway is no router", func(t *testing.T) {
		base := startMock(t, mock.OK)
		if r, ok := router.Identify(context.Background(), router.Client(), base); ok {
			t.Fatalf("Identify = %+v on the plain mock", r)
		}
	})
}

// TestIdentifyShapes: the identity answers of the routers the mock has no
// scenario for, as their sources write them.
func TestIdentifyShapes(t *testing.T) {
	for _, tc := range []struct {
		name, path, body string
		kind             router.Kind
		want             string // in Title, Version or Route.Provider
	}{
		{"ccr 3.1.1 health only", "/health", `{"runtimeId":"049a6cdd-f5ba-4319-81a8-50b9e3a83be6","status":"ok","timestamp":"2026-12-02T07:44:38.202Z"}`, router.CCR, "claude-code-router"},
		{"ccr health only", "/health", `{"core":"http://127.0.0.1:3457","status":"running","timestamp":"x"}`, router.CCR, "claude-code-router"},
		{"cc switch", "/status", `{"running":true,"address":"127.0.0.1","port":15721,"success_rate":100,"failover_count":0,"current_provider":"My Relay"}`, router.CCSwitch, "My Relay"},
		{"cc switch hostile provider", "/status", "{\"running\":true,\"success_rate\":1,\"failover_count\":0,\"current_provider\":\"x\\u001b]52;c;AAAA\\u0007\"}", router.CCSwitch, "CC Switch"},
		{"litellm", "/health/liveliness", `"I'm alive!"`, router.LiteLLM, "LiteLLM"},
		{"new-api", "/api/status", `{"success":true,"message":"","data":{"version":"v0.9.1","system_name":"New API"}}`, router.OneAPI, "v0.9.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != tc.path {
					http.NotFound(w, r)
					return
				}
				w.Write([]byte(tc.body))
			}))
			t.Cleanup(srv.Close)
			r, ok := router.Identify(context.Background(), router.Client(), srv.URL)
			if !ok || r.Kind != tc.kind {
				t.Fatalf("Identify = %+v, %v; want %s", r, ok, tc.kind)
			}
			all := r.Title + " " + r.Version
			if r.Route != nil {
				all += " " + r.Route.Provider
			}
			if !strings.Contains(all, tc.want) || strings.ContainsRune(all, 0x1b) {
				t.Errorf("router %+v: want %q, no escape", r, tc.want)
			}
		})
	}
}

func TestLoopback(t *testing.T) {
	for base, want := range map[string]string{
		"http://127.0.0.1:3456":        "127.0.0.1:3456",
		"http://localhost:8787/v1":     "localhost:8787",
		"http://[::1]:4000":            "[::1]:4000",
		"https://api.example.com/v1":   "",
		"http://10.0.0.2:3000":         "",
		"http://127.0.0.1.example.com": "",
	} {
		_, addr, ok := router.Loopback(base)
		if addr != want || ok != (want != "") {
			t.Errorf("Loopback(%q) = %q, %v; want %q", base, addr, ok, want)
		}
	}
}

func TestReadCCR(t *testing.T) {
	for _, tc := range []struct {
		name, file, body, model string
		want                    router.Route
	}{
		{"default route", "config.json", `{
  // CCR accepts comments
  "APIKEY": "` + fakeKey + `",
  "Providers": [{"name": "up", "api_base_url": "https://user:pw@gw.example/v1/chat/completions", "api_key": "` + fakeKey + `", "models": ["m1"]},],
  "Router": {"default": "up,m1"}
}`, "claude-sonnet-4", router.Route{File: "~/.claude-code-router/config.json", Provider: "up", Model: "m1", Upstream: "https://user:pw@gw.example/v1/chat/completions", Line: 4, Entry: "Providers[0]"}},
		{"model names its route", "config.json", `{"Providers":[{"name":"b","api_base_url":"http://127.0.0.1:9/v1"}],"Router":{"default":"a,x"}}`, "b,m2",
			router.Route{File: "~/.claude-code-router/config.json", Provider: "b", Model: "m2", Upstream: "http://127.0.0.1:9/v1", Line: 1, Entry: "Providers[0]"}},
		{"the entry's line, comments above it", "config.json", "{\n  /* a block\n     comment */\n  \"Providers\": [\n    {\"name\": \"a\", \"api_base_url\": \"http://a/v1\"}, // first\n    {\n      \"name\": \"b\",\n      \"api_base_url\": \"http://b/v1\",\n    },\n  ],\n  \"Router\": {\"default\": \"b,m\"},\n}", "m",
			router.Route{File: "~/.claude-code-router/config.json", Provider: "b", Model: "m", Upstream: "http://b/v1", Line: 6, Entry: "Providers[1]"}},
		{"unknown provider", "config.json", `{"Providers":[],"Router":{"default":"a,x"}}`, "m",
			router.Route{File: "~/.claude-code-router/config.json", Provider: "a", Model: "x", Note: "its Router.default names a provider that is not in Providers"}},
		{"broken", "config.json", `{"Providers":`, "m", router.Route{File: "~/.claude-code-router/config.json", Note: "not read: it does not parse"}},
		{"3.x database it cannot read", "config.sqlite", "SQLite format 3\x00", "m", router.Route{File: "~/.claude-code-router/config.sqlite",
			Note: router.SQLiteNote + "it is not a database keydoctor understands"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := testutil.TempDir(t)
			dir := filepath.Join(home, ".claude-code-router")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.body), 0o600); err != nil {
				t.Fatal(err)
			}
			e := &env.Env{Home: home, GOOS: "linux", Getenv: func(string) string { return "" }}
			got := router.ReadCCR(e, tc.model)
			if got == nil {
				t.Fatal("no route")
			}
			got.File = filepath.ToSlash(got.File)
			if *got != tc.want {
				t.Errorf("ReadCCR = %+v\nwant       %+v", *got, tc.want)
			}
			var shown strings.Builder // as the run's writer prints it
			w := redact.NewWriter(&shown, nil, redact.Options{})
			fmt.Fprintf(w, "%s %s\n", got.Upstream, got.Note)
			if strings.Contains(got.Upstream+got.Note, fakeKey) || strings.Contains(shown.String(), "pw@") {
				t.Errorf("a key or password in the route: %s", shown.String())
			}
		})
	}
	t.Run("place", func(t *testing.T) {
		r := &router.Route{File: "~/.claude-code-router/config.json", Line: 6, Entry: "Providers[1]"}
		if got := r.Place(); got != "~/.claude-code-router/config.json:6 (Providers[1])" {
			t.Errorf("Place = %q", got)
		}
		if got := (&router.Route{File: "~/.claude-code-router/config.sqlite"}).Place(); got != "~/.claude-code-router/config.sqlite" {
			t.Errorf("Place without a line = %q", got)
		}
	})
	t.Run("nothing", func(t *testing.T) {
		e := &env.Env{Home: testutil.TempDir(t), GOOS: "linux", Getenv: func(string) string { return "" }}
		if r := router.ReadCCR(e, "m"); r != nil {
			t.Errorf("ReadCCR = %+v without a configuration", r)
		}
	})
}

// TestReadCCRDatabase reads config.sqlite as claude-code-router 3.x
// leaves it (testdata/ccr3/make.sh): the newest configuration committed in
// the WAL only, keys in it and in api_keys.
func TestReadCCRDatabase(t *testing.T) {
	fixture := func(t *testing.T, files ...string) (*env.Env, string) {
		home := testutil.TempDir(t)
		dir := filepath.Join(home, ".claude-code-router")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join("testdata", "ccr3", f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		return &env.Env{Home: home, GOOS: "linux", Getenv: func(string) string { return "" }}, dir
	}
	newest := router.Route{File: "~/.claude-code-router/config.sqlite", Provider: "up", Model: "m1",
		Upstream: "https://user:pw@gw.example/v1/chat/completions", Entry: "Providers[1]"}
	check := func(t *testing.T, e *env.Env, model string, want router.Route) {
		t.Helper()
		got := router.ReadCCR(e, model)
		if got == nil {
			t.Fatal("no route")
		}
		got.File = filepath.ToSlash(got.File)
		if *got != want {
			t.Errorf("ReadCCR = %+v\nwant       %+v", *got, want)
		}
		var shown strings.Builder // as the run's writer prints it: the URL as the file has it, its password hidden
		w := redact.NewWriter(&shown, nil, redact.Options{})
		fmt.Fprintf(w, "%+v\n", *got)
		if all := fmt.Sprintf("%+v", *got); strings.Contains(all, fakeKey) || strings.Contains(shown.String(), "pw@") {
			t.Errorf("a key or password in the route: %s", shown.String())
		}
	}
	t.Run("the WAL's commit wins", func(t *testing.T) {
		e, dir := fixture(t, "config.sqlite", "config.sqlite-wal")
		check(t, e, "claude-sonnet-4", newest)
		if _, err := os.Stat(filepath.Join(dir, "config.sqlite-shm")); err == nil {
			t.Error("reading created config.sqlite-shm")
		}
	})
	t.Run("checkpointed only", func(t *testing.T) {
		e, _ := fixture(t, "config.sqlite")
		check(t, e, "m", router.Route{File: "~/.claude-code-router/config.sqlite", Provider: "old", Model: "m0",
			Upstream: "http://old.example/v1", Entry: "Providers[0]"})
	})
	t.Run("over a leftover config.json", func(t *testing.T) {
		e, dir := fixture(t, "config.sqlite", "config.sqlite-wal")
		if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"Providers":[{"name":"j","api_base_url":"http://j/v1"}],"Router":{"default":"j,x"}}`), 0o600); err != nil {
			t.Fatal(err)
		}
		check(t, e, "m", newest)
	})
	t.Run("unreadable database, config.json", func(t *testing.T) {
		e, dir := fixture(t)
		if err := os.WriteFile(filepath.Join(dir, "config.sqlite"), []byte("SQLite format 3\x00"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"Providers":[{"name":"j","api_base_url":"http://j/v1"}],"Router":{"default":"j,x"}}`), 0o600); err != nil {
			t.Fatal(err)
		}
		check(t, e, "m", router.Route{File: "~/.claude-code-router/config.json", Provider: "j", Model: "x",
			Upstream: "http://j/v1", Line: 1, Entry: "Providers[0]"})
	})
}
