package verify

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/relay"
)

func sent(method, path, model, served, auth, key string, status int) relay.Record {
	r := relay.Record{Method: method, Path: path, Model: model, ServedModel: served, Auth: auth, Status: status, Failed: status >= 400}
	if key != "" {
		r.KeySum, r.KeyMasked = relay.KeySum(key), redact.Mask(key)
	}
	if r.Failed {
		r.Error = "Not Found"
	}
	return r
}

func TestJudge(t *testing.T) {
	claude := Configured{Tool: gateway.Claude, Base: "https://gw.example/api", BaseSource: "~/.claude/settings.json",
		Model: "claude-sonnet-4-5", ModelSource: "~/.claude/settings.json", BackgroundModel: "claude-haiku-4-5", BackgroundModelSource: "~/.claude/settings.json",
		Auth: gateway.AuthBearer, Key: testKey, KeySource: "~/.claude/settings.json ANTHROPIC_AUTH_TOKEN"}
	target, _ := TargetFor(claude)
	head := sent("HEAD", "/api", "", "", "none", "", 404)
	bg := sent("POST", "/api/v1/messages?beta=true", "claude-haiku-4-5", "claude-haiku-4-5", "bearer", testKey, 200)
	main := sent("POST", "/api/v1/messages?beta=true", "claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "bearer", testKey, 200)

	for _, tc := range []struct {
		name string
		c    Configured
		recs []relay.Record
		want []string // "status what [code]" prefixes every verdict must show, in any order
	}{
		{"all as the files say", claude, []relay.Record{head, bg, main},
			[]string{"ok path", "ok status", "ok main model", "ok background model", "ok served model", "ok auth", "ok key"}},
		{"no background call", claude, []relay.Record{main}, []string{"ok main model", "info background model"}},
		{"nothing sent", claude, []relay.Record{head}, []string{"error requests"}},
		{"another main model", claude, []relay.Record{bg, sent("POST", "/api/v1/messages", "claude-opus-4-1", "claude-opus-4-1", "bearer", testKey, 200)},
			[]string{"error main model [model-mismatch]", "ok background model"}},
		{"the answer names another model", claude, []relay.Record{bg, sent("POST", "/api/v1/messages", "claude-sonnet-4-5", "gpt-4o-mini", "bearer", testKey, 200)},
			[]string{"error served model [model-mismatch]", "ok main model"}},
		{"background not set", func() Configured { c := claude; c.BackgroundModel = ""; return c }(), []relay.Record{bg, main},
			[]string{"warning background model [model-mismatch]"}},
		{"another key", claude, []relay.Record{sent("POST", "/api/v1/messages", "claude-sonnet-4-5", "claude-sonnet-4-5", "bearer", "sk-test-another-key-000000", 200)},
			[]string{"error key [value-overridden]", "ok auth"}},
		{"x-api-key where bearer is set", claude, []relay.Record{sent("POST", "/api/v1/messages", "claude-sonnet-4-5", "", "x-api-key", testKey, 200)},
			[]string{"error auth [auth-conflict]", "ok key"}},
		{"doubled version", claude, []relay.Record{sent("POST", "/api/v1/v1/messages", "claude-sonnet-4-5", "", "bearer", testKey, 404)},
			[]string{"error path [url-double-version]", "error status [endpoint-not-found]"}},
		{"refused key", claude, []relay.Record{sent("POST", "/api/v1/messages", "claude-sonnet-4-5", "", "bearer", testKey, 401)},
			[]string{"ok path", "error status [auth-invalid]"}},
		{"codex other model", Configured{Tool: gateway.Codex, Base: "https://gw.example/api/v1", Model: "gpt-5", Auth: gateway.AuthBearer},
			[]relay.Record{sent("POST", "/api/v1/responses", "gpt-5", "gpt-5", "bearer", testKey, 200), sent("POST", "/api/v1/responses", "gpt-5-mini", "gpt-5-mini", "bearer", testKey, 200)},
			[]string{"ok main model", "error other model [model-mismatch]"}},
		{"codex websocket first, then no key", Configured{Tool: gateway.Codex, Base: "https://gw.example/api/v1", Model: "gpt-5", Auth: gateway.AuthBearer, Key: testKey, KeySource: "~/.codex/auth.json OPENAI_API_KEY"},
			[]relay.Record{sent("GET", "/api/v1/responses", "", "", "none", "", 405), sent("GET", "/api/v1/responses", "", "", "none", "", 405),
				sent("POST", "/api/v1/responses", "gpt-5", "", "none", "", 401), sent("POST", "/api/v1/responses", "gpt-5", "", "none", "", 401)},
			[]string{"info websocket", "error status [auth-invalid]", "error key [env-missing]", "ok path"}},
		{"no model in files", Configured{Tool: gateway.Cline, Base: "https://gw.example/v1", Auth: gateway.AuthBearer, Key: testKey},
			[]relay.Record{sent("POST", "/v1/chat/completions", "gpt-4o", "gpt-4o", "bearer", testKey, 200)},
			[]string{"info main model", "ok key"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg, err := TargetFor(tc.c)
			if err != nil {
				tg = target
			}
			vs := Judge(tc.c, tg, tc.recs)
			var got []string
			for _, v := range vs {
				s := v.Status.String() + " " + v.What
				if v.Code != "" {
					s += " [" + string(v.Code) + "]"
				}
				got = append(got, s)
				if strings.Contains(v.Message, testKey) {
					t.Errorf("verdict leaks the key: %s", v.Message)
				}
			}
			for _, w := range tc.want {
				found := false
				for _, g := range got {
					found = found || g == w
				}
				if !found {
					t.Errorf("no verdict %q in %q", w, got)
				}
			}
			if tc.name == "codex websocket first, then no key" {
				n := 0
				for _, v := range vs {
					if v.What == "status" {
						n++
						if !strings.HasSuffix(v.Message, "(2 times)") {
							t.Errorf("repeated failures not counted: %s", v.Message)
						}
					}
				}
				if n != 1 {
					t.Errorf("%d status verdicts for one kind of failure, want 1", n)
				}
			}
			if tc.name == "all as the files say" {
				for _, v := range vs {
					if v.Status != OK {
						t.Errorf("unexpected %s", v.Message)
					}
				}
			}
		})
	}
}

func TestPathMatches(t *testing.T) {
	want := "/api/v1beta/models/{model}:streamGenerateContent"
	for p, ok := range map[string]bool{
		"/api/v1beta/models/gpt-4o:streamGenerateContent":    true,
		"/api/v1beta/models/gpt-4o:generateContent":          true,
		"/api/v1beta/models/:streamGenerateContent":          false,
		"/api/v1beta/models/a/b:streamGenerateContent":       false,
		"/api/v1/v1beta/models/gpt-4o:streamGenerateContent": false,
		"/api/v1beta/models/gpt-4o:countTokens":              false,
	} {
		if got := pathMatches(p, want); got != ok {
			t.Errorf("pathMatches(%q) = %v, want %v", p, got, ok)
		}
	}
	if !pathMatches("/api/v1/responses", "/api/v1/responses") || pathMatches("/api/responses", "/api/v1/responses") {
		t.Error("a path without the slot is compared as is")
	}
}
