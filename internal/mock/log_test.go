package mock

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// syncBuffer is a log sink the test can read while the server runs.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestLogLines(t *testing.T) {
	var logs syncBuffer
	s := startTest(t, Options{Logger: &logs, Tokens: 2})
	do(t, s, call1{path: "/v1/chat/completions", body: streaming(protocols[0].body)})
	do(t, s, call1{path: "/v1/messages?beta=true", body: protocols[1].body, auth: "none",
		header: map[string]string{"x-api-key": "sk-test-wrong9999999999999999"}})
	do(t, s, call1{method: "GET", path: "/v1/models", scenario: "auth-invalid"})
	<-s.Idle() // every answered request is logged by now
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d log lines:\n%s", len(lines), logs.String())
	}
	want := []logLine{
		{Method: "POST", Path: "/api/v1/chat/completions", Model: "gpt-4o", Stream: true, Status: 200, Scenario: "ok", Auth: "bearer", Key: "sk-t****0123",
			Credentials: map[string]string{"authorization": "Bearer sk-t****0123"}},
		{Method: "POST", Path: "/api/v1/messages?beta=true", Model: "gpt-4o", Status: 401, Scenario: "ok", Auth: "x-api-key", Key: "sk-t****9999",
			Credentials: map[string]string{"x-api-key": "sk-t****9999"}},
		{Method: "GET", Path: "/api/v1/models", Status: 401, Scenario: "auth-invalid", Auth: "bearer", Key: "sk-t****0123",
			Credentials: map[string]string{"authorization": "Bearer sk-t****0123"}},
	}
	for i, line := range lines {
		var got logLine
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatalf("line %d: %v: %s", i, err, line)
		}
		if got.Time == "" || got.DurationMS < 0 {
			t.Fatalf("line %d: %s", i, line)
		}
		got.Time, got.DurationMS = "", 0
		if !reflect.DeepEqual(got, want[i]) {
			t.Errorf("line %d:\n got %+v\nwant %+v", i, got, want[i])
		}
	}
	if strings.Contains(logs.String(), testKey) || strings.Contains(logs.String(), "sk-test-wrong9999999999999999") {
		t.Fatalf("a key leaked into the log:\n%s", logs.String())
	}
}

func TestUnknownScenario(t *testing.T) {
	if _, err := Start(context.Background(), "127.0.0.1:0", Options{Scenario: "stream-bufferd"}); err == nil {
		t.Fatal("Start accepted an unknown scenario")
	}
	s := startTest(t, Options{})
	a := do(t, s, call1{path: "/v1/chat/completions", body: protocols[0].body, scenario: "stream-bufferd"})
	if a.status != 400 || !strings.Contains(str(a.json, "error", "message"), "stream-bufferd") {
		t.Fatalf("%d %s", a.status, a.body)
	}
	for _, sc := range Scenarios() {
		if got, ok := LookupScenario(strings.ToUpper(sc.Name)); !ok || got != sc {
			t.Fatalf("lookup %s: %v", sc.Name, got)
		}
	}
}

// Every wire code the gateway itself can cause has a scenario, and every
// scenario names a real catalog code.
func TestScenariosCoverTheWireCatalog(t *testing.T) {
	// causes outside any HTTP server's reach: name resolution, the TCP
	// connection, TLS, the tool's own key helper
	notServerSide := map[catalog.Code]bool{catalog.KeyHelperFailed: true, catalog.DNSFailed: true, catalog.ConnectRefused: true, catalog.ConnectTimeout: true, catalog.TLSUntrusted: true, catalog.TLSFailed: true}
	covered := map[catalog.Code]bool{}
	for _, sc := range Scenarios() {
		if sc.Code == "" {
			continue
		}
		if e, ok := catalog.Lookup(sc.Code); !ok || e.Class != catalog.Wire {
			t.Errorf("scenario %s names %q, not a wire code", sc.Name, sc.Code)
		}
		covered[sc.Code] = true
	}
	for _, e := range catalog.All() {
		if e.Class == catalog.Wire && !notServerSide[e.Code] && !covered[e.Code] {
			t.Errorf("no scenario reproduces %s", e.Code)
		}
	}
}
