package session

import (
	"net/http"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// TestAgainstFromBaselineKeepsTheKeyHome: --compare FILE reruns the
// baseline's --against route; a file does not name a host for the key as
// the command line does, so the profile's key is not sent to another
// host unless --against (or --against-key-env) is given.
func TestAgainstFromBaselineKeepsTheKeyHome(t *testing.T) {
	p := gateway.Profile{BaseURL: "https://gw.example.com/api", Key: "sk-test-0123456789abcdef0123",
		KeyHome: gateway.KeyHome{Root: "https://gw.example.com/api", Owner: "profile work"}}
	vs := []bench.Variant{{Label: "gpt-4o"}}
	for _, tc := range []struct {
		name    string
		flag    bool // --against on the command line
		against string
		refused bool
	}{
		{"from the baseline, another host", false, "https://evil.example/api", true},
		{"from the baseline, the key's host", false, "https://gw.example.com/other", false},
		{"on the command line", true, "https://evil.example/api", false},
	} {
		o := &Options{Env: env.FromMap(nil), Against: tc.against, Compare: "base.json",
			Changed: func(n string) bool { return n == "against" && tc.flag }}
		_, err := againstVariants(o, p, vs)
		if (err != nil) != tc.refused {
			t.Errorf("%s: %v, refused want %v", tc.name, err, tc.refused)
		}
		if err != nil && (!strings.Contains(err.Error(), "belongs to gw.example.com, not to evil.example (the base URL from the baseline base.json)") || strings.Contains(err.Error(), p.Key)) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// The tool's extra headers (a router's routing headers, a credential of
// its own) go to the tool's route only: the --against side, another host,
// gets the request without them.
func TestAgainstSendsNotTheToolsHeaders(t *testing.T) {
	p := gateway.Profile{BaseURL: "http://127.0.0.1:3456", Key: "sk-test-0123456789abcdef0123"}
	hdr := http.Header{"X-Portkey-Api-Key": {"pk-test-fedcba9876543210fedcba"}}
	vs := []bench.Variant{{Request: probe.Request{Protocol: gateway.Messages, Root: p.BaseURL, Header: hdr}}}
	o := &Options{Env: env.FromMap(map[string]string{"UP_KEY": "sk-test-upstream-0123456789"}), Against: "https://up.example/api", AgainstKeyEnv: "UP_KEY"}
	out, err := againstVariants(o, p, vs)
	if err != nil || len(out) != 2 {
		t.Fatalf("%v %d", err, len(out))
	}
	if out[0].Request.Header.Get("X-Portkey-Api-Key") == "" {
		t.Error("the tool's own route lost its headers")
	}
	if out[1].Request.Header != nil || out[1].Request.Root != "https://up.example/api" {
		t.Errorf("the other route: %v %s", out[1].Request.Header, out[1].Request.Root)
	}
}

// A router on this machine has its own client key: bench does not send
// it to a remote upstream --against names unless told which key to use.
func TestAgainstARemoteUpstreamNeedsItsKey(t *testing.T) {
	p := gateway.Profile{BaseURL: "http://127.0.0.1:3456", Key: "sk-test-0123456789abcdef0123"}
	vs := []bench.Variant{{Label: "x"}}
	_, err := againstVariants(&Options{Env: env.FromMap(nil), Against: "https://up.example/api"}, p, vs)
	if err == nil || !strings.Contains(err.Error(), "the local router's") || strings.Contains(err.Error(), p.Key) {
		t.Fatalf("a router's key sent upstream: %v", err)
	}
	o := &Options{Env: env.FromMap(map[string]string{"UP_KEY": "sk-test-upstream-0123456789"}), Against: "https://up.example/api", AgainstKeyEnv: "UP_KEY"}
	out, err := againstVariants(o, p, vs)
	if err != nil || out[1].Key != "sk-test-upstream-0123456789" {
		t.Fatalf("with --against-key-env: %v", err)
	}
	if _, err := againstVariants(&Options{Env: env.FromMap(nil), Against: "http://127.0.0.1:9/api"}, p, vs); err != nil {
		t.Errorf("both on this machine: %v", err)
	}
}
