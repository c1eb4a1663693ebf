package relay

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
)

func TestAuthOf(t *testing.T) {
	for _, tc := range []struct {
		header map[string]string
		kind   string
		key    string
	}{
		{map[string]string{"Authorization": "Bearer " + testKey}, "bearer", testKey},
		{map[string]string{"Authorization": "bearer " + testKey}, "bearer", testKey},
		{map[string]string{"X-Api-Key": testKey}, "x-api-key", testKey},
		{map[string]string{"Authorization": "Bearer " + testKey, "X-Api-Key": "sk-other-0123456789abcdef"}, "bearer+x-api-key", testKey},
		{map[string]string{"Authorization": "Basic dXNlcjpwYXNz"}, "authorization", "Basic dXNlcjpwYXNz"},
		{map[string]string{"Api-Key": testKey}, "api-key", testKey},
		{map[string]string{}, "none", ""},
	} {
		h := http.Header{}
		for k, v := range tc.header {
			h.Set(k, v)
		}
		kind, keys := authOf(h)
		first := ""
		if len(keys) > 0 {
			first = keys[0]
		}
		if kind != tc.kind || first != tc.key {
			t.Errorf("authOf(%v) = %q, %q; want %q, %q", tc.header, kind, first, tc.kind, tc.key)
		}
	}
}

// TestLoggedPath: the path as a record logs it, scrubbed as ServeHTTP
// scrubs the record (the request's key and its query credentials).
func TestLoggedPath(t *testing.T) {
	for _, tc := range []struct{ uri, want string }{
		{"/v1/messages?beta=true", "/v1/messages?beta=true"},
		{"/v1/models", "/v1/models"},
		{"/v1beta/models/gemini:generateContent?key=" + testKey, "/v1beta/models/gemini:generateContent?key=****"},
		{"/v1/chat/completions?api_key=short&x=1", "/v1/chat/completions?api_key=****&x=1"},
		{"/proxy/" + testKey + "/v1/messages", "/proxy/" + redact.Mask(testKey) + "/v1/messages"},
	} {
		u, err := url.ParseRequestURI(tc.uri)
		if err != nil {
			t.Fatal(err)
		}
		rec := Record{Path: requestURI(u)}
		redact.Scrub(&rec, append([]string{testKey}, queryKeys(u)...)...)
		if got := rec.Path; got != tc.want {
			t.Errorf("logged path of %q = %q, want %q", tc.uri, got, tc.want)
		}
		if strings.Contains(rec.Path, testKey) {
			t.Errorf("logged path of %q leaks the key", tc.uri)
		}
	}
}

// TestMismatch: SameModel's own cases are gateway.TestCompareModels.
func TestMismatch(t *testing.T) {
	expect := []string{"claude-sonnet-4-5", "claude-haiku-4-5"}
	for _, tc := range []struct {
		expect            []string
		requested, served string
		mismatch          bool
	}{
		{nil, "anything", "else", false},
		{expect, "claude-sonnet-4-5", "claude-sonnet-4-5", false},
		{expect, "claude-haiku-4-5", "", false}, // no answer model (an error): judged on the request
		{expect, "claude-opus-4-1", "claude-opus-4-1", true},
		{expect, "claude-sonnet-4-5", "gpt-4o-mini", true},
		{expect, "", "claude-sonnet-4-5", false},
	} {
		if got := Mismatch(tc.expect, tc.requested, tc.served); got != tc.mismatch {
			t.Errorf("Mismatch(%v, %q, %q) = %v, want %v", tc.expect, tc.requested, tc.served, got, tc.mismatch)
		}
	}
}

func TestProtocolOf(t *testing.T) {
	for path, want := range map[string]gateway.Protocol{
		"/v1/chat/completions":      gateway.Chat,
		"/api/v1/chat/completions":  gateway.Chat,
		"/v1/messages":              gateway.Messages,
		"/v1/responses":             gateway.Responses,
		"/v1/responses/":            gateway.Responses,
		"/v1/models":                "",
		"/v1/messages/count_tokens": "",
	} {
		if got := ProtocolOf(path); got != want {
			t.Errorf("ProtocolOf(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestSummarize(t *testing.T) {
	recs := []Record{
		{Client: "claude-cli/2", Model: "claude-sonnet-4-5", TTFTms: 30},
		{Client: "claude-cli/2", Model: "claude-sonnet-4-5", TTFTms: 10},
		{Client: "claude-cli/2", Model: "claude-sonnet-4-5", TTFTms: 20},
		{Client: "claude-cli/2", Model: "claude-sonnet-4-5", Failed: true, Status: 429},
		{Client: "claude-cli/2", Model: "claude-haiku-4-5", TTFTms: 5, Mismatch: true},
		{Client: "codex_exec/0.171", Model: "gpt-5", Failed: true},
	}
	got := Summarize(recs)
	if len(got) != 3 {
		t.Fatalf("got %d groups: %+v", len(got), got)
	}
	if g := got[1]; g.Model != "claude-sonnet-4-5" || g.Count != 4 || g.Errors != 1 || g.TTFTp50ms != 20 {
		t.Errorf("sonnet group: %+v", g)
	}
	if g := got[0]; g.Model != "claude-haiku-4-5" || g.Mismatches != 1 || g.TTFTp50ms != 5 {
		t.Errorf("haiku group: %+v", g)
	}
	if g := got[2]; g.Client != "codex_exec/0.171" || g.Errors != 1 || !math.IsNaN(g.TTFTp50ms) {
		t.Errorf("codex group: %+v", g)
	}
}

// TestRecordHidesQueryCredentials: a key in the query is a credential like
// a header's: hidden in the path and masked wherever else it shows (the
// model a client sent, the model the answer names).
func TestRecordHidesQueryCredentials(t *testing.T) {
	const queryKey = "qk-test-0123456789abcdefXYZ"
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"1","model":"`+queryKey+`","choices":[{"message":{"content":"ok"}}],"usage":{"completion_tokens":1}}`)
	}))
	defer up.Close()
	rec := newRecorder()
	root := startRelay(t, up.URL, nil, rec)
	c, ctx := client(t)
	req, _ := http.NewRequestWithContext(ctx, "POST", root+"/v1/chat/completions?key="+queryKey, strings.NewReader(`{"model":"`+queryKey+`","messages":[]}`))
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	r := waitRecords(t, rec, 1)[0]
	b, _ := json.Marshal(r)
	if strings.Contains(string(b)+r.Model+r.ServedModel+r.Error, queryKey) {
		t.Fatalf("the query key shows: %s", b)
	}
	if r.Path != "/v1/chat/completions?key=****" || r.Model != redact.Mask(queryKey) {
		t.Errorf("path %q model %q", r.Path, r.Model)
	}
}
