package ping_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/ping"
	"github.com/keydoctor/keydoctor/internal/probe"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
)

const key = "sk-test-0123456789abcdef"

// fakeGateway is the fake gateway on loopback, with a client for it;
// both close when the test ends.
func fakeGateway(t *testing.T) (*mock.Server, *probe.Client) {
	t.Helper()
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Key: key, Prefix: "/api"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	c, err := probe.NewClient(probe.Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return srv, c
}

// TestSendAgainstTheFakeGateway pings the fake gateway on loopback: a
// good answer, then a scenario per failure, each with the fix its code
// calls for; neither the document nor the text carries the key.
func TestSendAgainstTheFakeGateway(t *testing.T) {
	ctx := context.Background()
	srv, c := fakeGateway(t)
	p := gateway.Profile{BaseURL: srv.Root(), Key: key, Model: "gpt-4o", KeyVar: "TAOTOKEN_API_KEY", VarModel: "TAOTOKEN_MODEL",
		Sources: map[gateway.Field]string{gateway.FieldKey: "$TAOTOKEN_API_KEY"}}
	for _, sc := range []struct {
		scenario string
		code     catalog.Code
		fixHas   string
	}{
		{mock.OK, "", ""},
		{mock.AuthInvalid, catalog.AuthInvalid, "$TAOTOKEN_API_KEY"},
		{mock.ModelNotFound, catalog.ModelNotFound, srv.Root() + "/v1/models"},
	} {
		req := probe.Request{Protocol: gateway.Chat, Root: p.BaseURL, Key: key, Auth: ping.AuthFor(gateway.Chat), Model: p.Model,
			Header: http.Header{mock.ScenarioHeader: {sc.scenario}}}
		tg := ping.Target{Profile: p, Request: req, KeySetup: ping.CurlKeySetup(env.FromMap(nil), p)}
		res := ping.Send(ctx, c, tg)
		msg, fix, failed := ping.Failure(tg, res)
		if failed != (sc.code != "") || !strings.HasPrefix(msg, string(sc.code)) || !strings.Contains(fix, sc.fixHas) {
			t.Errorf("%s: failure %v %q, fix %q; want code %q and a fix naming %q", sc.scenario, failed, msg, fix, sc.code, sc.fixHas)
		}
		doc, _ := json.Marshal(ping.NewDoc(tg, res))
		var text strings.Builder
		ping.WriteHeader(&text, tg)
		ping.WriteText(&text, tg, res, false)
		for _, out := range []string{string(doc), text.String()} {
			if strings.Contains(out, key) {
				t.Errorf("%s: the output carries the key: %s", sc.scenario, out)
			}
		}
		if !strings.Contains(text.String(), "read -rs TAOTOKEN_API_KEY") {
			t.Errorf("%s: the curl does not ask for a key the shell lacks:\n%s", sc.scenario, text.String())
		}
	}
}

// TestFixFillsTheSlotsEachCodeNeeds: the per-code policy of a single
// request's fix.
func TestFixFillsTheSlotsEachCodeNeeds(t *testing.T) {
	p := gateway.Profile{BaseURL: "https://gw.example/api", Model: "gpt-4o", KeyVar: "K", VarModel: "M",
		Sources: map[gateway.Field]string{gateway.FieldKey: "profile work"}}
	redirect := &probe.Result{URL: "https://gw.example/api/v1/chat/completions", Header: http.Header{"Location": {"/other/v1/chat/completions"}}}
	for _, c := range []struct {
		code catalog.Code
		res  *probe.Result
		has  string
	}{
		{catalog.AuthInvalid, nil, "profile work"},
		{catalog.ModelNotFound, nil, "M (or --model)"},
		{catalog.HTTPRedirect, redirect, "https://gw.example/other"},
		{catalog.ConnectRefused, &probe.Result{Proxy: "http://127.0.0.1:7890", ProxyVar: "HTTPS_PROXY"}, "HTTPS_PROXY"},
	} {
		if got := ping.Fix(c.code, p, gateway.Chat, c.res); !strings.Contains(got, c.has) {
			t.Errorf("Fix(%s) = %q, want it to name %q", c.code, got, c.has)
		}
	}
}

// TestRunPrints: in text the request line, then what came back; with
// --json or --quiet nothing (the caller prints the document, or the
// failure); with --json no waiting line either.
func TestRunPrints(t *testing.T) {
	ctx := context.Background()
	srv, c := fakeGateway(t)
	p := gateway.Profile{BaseURL: srv.Root(), Key: key, Model: "gpt-4o", KeyVar: "TAOTOKEN_API_KEY",
		Sources: map[gateway.Field]string{gateway.FieldKey: "$TAOTOKEN_API_KEY"}}
	tg := ping.Target{Profile: p, Request: probe.Request{Protocol: gateway.Chat, Root: p.BaseURL, Key: key, Auth: ping.AuthFor(gateway.Chat), Model: p.Model}}
	for _, tc := range []struct {
		name        string
		json, quiet bool
		want        []string // in order; nil: nothing on Out
	}{
		{"text", false, false, []string{"ping chat: POST " + srv.Root() + "/v1/chat/completions", "key"}},
		{"json", true, false, nil},
		{"quiet", false, true, nil},
	} {
		var out, progress strings.Builder
		res := ping.Run(ctx, c, tg, ping.Printer{Out: &out, JSON: tc.json, Quiet: tc.quiet, Progress: &progress})
		if !res.OK() {
			t.Fatalf("%s: the ping failed: %s %v", tc.name, res.Code, res.Err)
		}
		got := out.String()
		if tc.want == nil && got != "" {
			t.Errorf("%s: printed %q, want nothing", tc.name, got)
		}
		rest := got
		for _, w := range tc.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: %q missing (or out of order) in:\n%s", tc.name, w, got)
				break
			}
			rest = rest[i+len(w):]
		}
		if tc.json && progress.Len() != 0 {
			t.Errorf("json: a waiting line %q", progress.String())
		}
		if strings.Contains(got+progress.String(), key) {
			t.Errorf("%s: the output carries the key", tc.name)
		}
	}
}
