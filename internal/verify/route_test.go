package verify

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
)

// A switch in managed settings (a file no test may write) beats every
// other layer, verify's --settings included: the turn's route is the
// switch's, named with its file and line.
func TestRouteFromManagedSettings(t *testing.T) {
	e := testEnv(t, nil)
	write(t, filepath.Join(e.Home, ".claude", "settings.json"),
		`{"env":{"ANTHROPIC_BASE_URL":"https://gw.example/api","ANTHROPIC_AUTH_TOKEN":"`+testKey+`"}}`)
	s := discover.Discover(e, discover.Options{Project: testutil.TempDir(t)})
	managed := tool.ClaudeManagedSettings(e)
	for i, l := range claude.StateOf(s).Layers {
		if l.Scope == string(tool.ClaudeManaged) {
			claude.StateOf(s).Layers[i].Exists = true
			claude.StateOf(s).Layers[i].Env = map[string]discover.Value{"CLAUDE_CODE_USE_BEDROCK": {Value: "1",
				Source: discover.Source{File: managed, Line: 3, Key: "env.CLAUDE_CODE_USE_BEDROCK"}}}
		}
	}
	c, err := FromSnapshot(s, gateway.Claude)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Bypassed() || c.Route.Name != "bedrock" || c.RouteSwitch() != "CLAUDE_CODE_USE_BEDROCK=1 in "+managed+":3" {
		t.Fatalf("route %+v, switch %q", c.Route, c.RouteSwitch())
	}
	target, _ := TargetFor(c)
	v := Judge(c, target, nil)
	if len(v) != 1 || v[0].What != "route" || v[0].Status != Error || v[0].Code != "provider-bypass" ||
		!strings.Contains(v[0].Message, managed+":3 wins over its base URL, so the turn went to Amazon Bedrock") {
		t.Errorf("verdicts %+v", v)
	}
}

func TestJudgeRoute(t *testing.T) {
	claude := Configured{Tool: gateway.Claude, Base: "https://gw.example/api", BaseSource: "~/.claude/settings.json",
		Model: "claude-sonnet-4-5", ModelSource: "~/.claude/settings.json", Auth: gateway.AuthBearer, Key: testKey,
		KeySource: "~/.claude/settings.json ANTHROPIC_AUTH_TOKEN", Route: discover.Route{Kind: discover.RouteGateway}}
	sw := func(name, value string) discover.Value {
		return discover.Value{Value: value, Source: discover.Source{File: "/h/.claude/settings.json", Line: 2, Key: "env." + name}}
	}
	viaGateway := claude
	viaGateway.Route = discover.Route{Kind: discover.RouteGateway, Name: "gateway", Switch: sw("CLAUDE_CODE_USE_GATEWAY", "1")}
	viaGateway.RouteSource = "~/.claude/settings.json:2"
	refused := viaGateway
	refused.refusedBase, refused.refusedSource = "http://gw.example/api", "~/.claude/settings.json"
	vertex := claude
	vertex.Route = discover.Route{Kind: discover.RouteCloud, Name: "vertex", Title: "Google Vertex AI", Switch: sw("CLAUDE_CODE_USE_VERTEX", "1")}
	vertex.RouteSource = "$CLAUDE_CODE_USE_VERTEX"
	noSwitches := claude
	noSwitches.Route = discover.Route{}
	main := sent("POST", "/api/v1/messages?beta=true", "claude-sonnet-4-5", "claude-sonnet-4-5", "bearer", testKey, 200)
	head := sent("HEAD", "/api", "", "", "none", "", 404)

	for _, tc := range []struct {
		name string
		c    Configured
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
			target, _ := TargetFor(tc.c)
			v := Judge(tc.c, target, tc.recs)[0]
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
