package verify_test

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/verify"
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
	claude := verify.Configured{Tool: gateway.ToolID("claude"), Base: "https://gw.example/api", BaseSource: "~/.claude/settings.json",
		Model: "claude-sonnet-4-5", ModelSource: "~/.claude/settings.json", BackgroundModel: "claude-haiku-4-5", BackgroundModelSource: "~/.claude/settings.json",
		Auth: gateway.AuthBearer, Key: verifyKey, KeySource: "~/.claude/settings.json ANTHROPIC_AUTH_TOKEN"}
	target, _ := verify.TargetFor(claude)
	head := sent("HEAD", "/api", "", "", "none", "", 404)
	bg := sent("POST", "/api/v1/messages?beta=true", "claude-haiku-4-5", "claude-haiku-4-5", "bearer", verifyKey, 200)
	main := sent("POST", "/api/v1/messages?beta=true", "claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "bearer", verifyKey, 200)

	for _, tc := range []struct {
		name string
		c    verify.Configured
		recs []relay.Record
		want []string // "status what [code]" prefixes every verdict must show, in any order
	}{
		{"all as the files say", claude, []relay.Record{head, bg, main},
			[]string{"ok path", "ok status", "ok main model", "ok background model", "ok served model", "ok auth", "ok key"}},
		{"no background call", claude, []relay.Record{main}, []string{"ok main model", "info background model"}},
		{"nothing sent", claude, []relay.Record{head}, []string{"error requests"}},
		{"another main model", claude, []relay.Record{bg, sent("POST", "/api/v1/messages", "claude-opus-4-1", "claude-opus-4-1", "bearer", verifyKey, 200)},
			[]string{"error main model [model-mismatch]", "ok background model"}},
		{"the answer names another model", claude, []relay.Record{bg, sent("POST", "/api/v1/messages", "claude-sonnet-4-5", "gpt-4o-mini", "bearer", verifyKey, 200)},
			[]string{"error served model [model-mismatch]", "ok main model"}},
		{"background not set", func() verify.Configured { c := claude; c.BackgroundModel = ""; return c }(), []relay.Record{bg, main},
			[]string{"warning background model [model-mismatch]"}},
		{"another key", claude, []relay.Record{sent("POST", "/api/v1/messages", "claude-sonnet-4-5", "claude-sonnet-4-5", "bearer", "sk-test-another-key-000000", 200)},
			[]string{"error key [value-overridden]", "ok auth"}},
		{"x-api-key where bearer is set", claude, []relay.Record{sent("POST", "/api/v1/messages", "claude-sonnet-4-5", "", "x-api-key", verifyKey, 200)},
			[]string{"error auth [auth-conflict]", "ok key"}},
		{"doubled version", claude, []relay.Record{sent("POST", "/api/v1/v1/messages", "claude-sonnet-4-5", "", "bearer", verifyKey, 404)},
			[]string{"error path [url-double-version]", "error status [endpoint-not-found]"}},
		{"refused key", claude, []relay.Record{sent("POST", "/api/v1/messages", "claude-sonnet-4-5", "", "bearer", verifyKey, 401)},
			[]string{"ok path", "error status [auth-invalid]"}},
		{"codex other model", verify.Configured{Tool: gateway.ToolID("codex"), Base: "https://gw.example/api/v1", Model: "gpt-5", Auth: gateway.AuthBearer},
			[]relay.Record{sent("POST", "/api/v1/responses", "gpt-5", "gpt-5", "bearer", verifyKey, 200), sent("POST", "/api/v1/responses", "gpt-5-mini", "gpt-5-mini", "bearer", verifyKey, 200)},
			[]string{"ok main model", "error other model [model-mismatch]"}},
		{"codex websocket first, then no key", verify.Configured{Tool: gateway.ToolID("codex"), Base: "https://gw.example/api/v1", Model: "gpt-5", Auth: gateway.AuthBearer, Key: verifyKey, KeySource: "~/.codex/auth.json OPENAI_API_KEY"},
			[]relay.Record{sent("GET", "/api/v1/responses", "", "", "none", "", 405), sent("GET", "/api/v1/responses", "", "", "none", "", 405),
				sent("POST", "/api/v1/responses", "gpt-5", "", "none", "", 401), sent("POST", "/api/v1/responses", "gpt-5", "", "none", "", 401)},
			[]string{"info websocket", "error status [auth-invalid]", "error key [env-missing]", "ok path"}},
		{"no model in files", verify.Configured{Tool: gateway.ToolID("cline"), Base: "https://gw.example/v1", Auth: gateway.AuthBearer, Key: verifyKey},
			[]relay.Record{sent("POST", "/v1/chat/completions", "gpt-4o", "gpt-4o", "bearer", verifyKey, 200)},
			[]string{"info main model", "ok key"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg, err := verify.TargetFor(tc.c)
			if err != nil {
				tg = target
			}
			vs := verify.Judge(tc.c, tg, tc.recs)
			var got []string
			for _, v := range vs {
				s := v.Status.String() + " " + v.What
				if v.Code != "" {
					s += " [" + string(v.Code) + "]"
				}
				got = append(got, s)
				if strings.Contains(v.Message, verifyKey) {
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
					if v.Status != verify.OK {
						t.Errorf("unexpected %s", v.Message)
					}
				}
			}
		})
	}
}

func TestJudgeRoute(t *testing.T) {
	claude := verify.Configured{Tool: gateway.ToolID("claude"), Base: "https://gw.example/api", BaseSource: "~/.claude/settings.json",
		Model: "claude-sonnet-4-5", ModelSource: "~/.claude/settings.json", Auth: gateway.AuthBearer, Key: verifyKey,
		KeySource: "~/.claude/settings.json ANTHROPIC_AUTH_TOKEN", Route: discover.Route{Kind: discover.RouteGateway}}
	sw := func(name, value string) discover.Value {
		return discover.Value{Value: value, Source: discover.Source{File: "/h/.claude/settings.json", Line: 2, Key: "env." + name}}
	}
	viaGateway := claude
	viaGateway.Route = discover.Route{Kind: discover.RouteGateway, Name: "gateway", Switch: sw("CLAUDE_CODE_USE_GATEWAY", "1")}
	viaGateway.RouteSource = "~/.claude/settings.json:2"
	refused := viaGateway
	refused.Refused = &verify.Refusal{Base: "http://gw.example/api", Source: "~/.claude/settings.json", Code: catalog.ClaudeGatewayHTTP}
	vertex := claude
	vertex.Route = discover.Route{Kind: discover.RouteCloud, Name: "vertex", Title: "Google Vertex AI", Switch: sw("CLAUDE_CODE_USE_VERTEX", "1")}
	vertex.RouteSource = "$CLAUDE_CODE_USE_VERTEX"
	noSwitches := claude
	noSwitches.Route = discover.Route{}
	main := sent("POST", "/api/v1/messages?beta=true", "claude-sonnet-4-5", "claude-sonnet-4-5", "bearer", verifyKey, 200)
	head := sent("HEAD", "/api", "", "", "none", "", 404)

	for _, tc := range []struct {
		name string
		c    verify.Configured
		recs []relay.Record
		want string // the first verdict: "status what [code]: message part"
	}{
		{"through the gateway", claude, []relay.Record{head, main}, "ok route: no provider switch is on"},
		{"through the gateway switch", viaGateway, []relay.Record{main}, "ok route: CLAUDE_CODE_USE_GATEWAY=1 in ~/.claude/settings.json:2 sends the same request"},
		{"a plain-http gateway url the relay hides", refused, []relay.Record{main}, "error route claude-gateway-http: refuses the plain-http base URL http://gw.example/api"},
		{"a switch wins", vertex, []relay.Record{head}, "error route provider-bypass: CLAUDE_CODE_USE_VERTEX=1 in $CLAUDE_CODE_USE_VERTEX wins over its base URL, so the turn went to Google Vertex AI"},
		{"a switch that did not win", vertex, []relay.Record{main}, "warning route: should have sent the turn to Google Vertex AI, yet 1 model request reached the relay"},
		{"nothing sent, no switch", claude, []relay.Record{head}, "error requests: did not take its base URL"},
		{"a tool without switches", noSwitches, []relay.Record{main}, "ok path: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			target, _ := verify.TargetFor(tc.c)
			v := verify.Judge(tc.c, target, tc.recs)[0]
			head, part, _ := strings.Cut(tc.want, ": ")
			got := v.Status.String() + " " + v.What
			if v.Code != "" {
				got += " " + string(v.Code)
			}
			if got != head || !strings.Contains(v.Message, part) {
				t.Errorf("first verdict %s: %s, want %s", got, v.Message, tc.want)
			}
		})
	}
}

func TestTargetFor(t *testing.T) {
	for _, tc := range []struct {
		tool                     gateway.ToolID
		base                     string
		upstream, basePath, want string
	}{
		{gateway.ToolID("claude"), "https://gw.example/api", "https://gw.example", "/api", "/api/v1/messages"},
		{gateway.ToolID("claude"), "https://gw.example/api/v1", "https://gw.example", "/api/v1", "/api/v1/messages"},
		{gateway.ToolID("codex"), "http://127.0.0.1:8765/api/v1/", "http://127.0.0.1:8765", "/api/v1", "/api/v1/responses"},
		{gateway.ToolID("cline"), "https://gw.example", "https://gw.example", "", "/v1/chat/completions"},
	} {
		got, err := verify.TargetFor(verify.Configured{Tool: tc.tool, Base: tc.base})
		if err != nil {
			t.Fatal(err)
		}
		if got.Upstream.String() != tc.upstream || got.BasePath != tc.basePath || got.WantPath != tc.want {
			t.Errorf("verify.TargetFor(%s, %q) = %s %q %q", tc.tool, tc.base, got.Upstream, got.BasePath, got.WantPath)
		}
	}
	if _, err := verify.TargetFor(verify.Configured{Tool: gateway.ToolID("claude")}); err == nil {
		t.Error("no base URL: want an error")
	}
	if _, err := verify.TargetFor(verify.Configured{Tool: gateway.ToolID("claude"), Base: "gw.example/api"}); err == nil {
		t.Error("no scheme: want an error")
	}
}
