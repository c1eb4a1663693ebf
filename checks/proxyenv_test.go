package checks

import (
	"net/url"
	"testing"
)

func TestBypassed(t *testing.T) {
	tests := []struct {
		rt      runtimeKind
		noProxy string
		host    string
		port    string
		want    bool
	}{
		{nodeRuntime, "", "127.0.0.1", "15721", false},          // loopback is not exempt by itself
		{nodeRuntime, "localhost", "127.0.0.1", "15721", false}, // localhost does not cover 127.0.0.1
		{nodeRuntime, "localhost,127.0.0.1", "127.0.0.1", "15721", true},
		{nodeRuntime, "localhost", "localhost", "3456", true},
		{nodeRuntime, "*", "gateway.example", "443", true},
		{nodeRuntime, ".example.com", "api.example.com", "443", true},
		{nodeRuntime, "*.example.com", "api.example.com", "443", true},
		{nodeRuntime, "example.com", "api.example.com", "443", true},
		{nodeRuntime, "example.com", "badexample.com", "443", false},
		{nodeRuntime, "127.0.0.1:8080", "127.0.0.1", "15721", false}, // port-qualified entry
		{nodeRuntime, "127.0.0.1:15721", "127.0.0.1", "15721", true},
		{nodeRuntime, "127.0.0.0/8", "127.0.0.1", "15721", false}, // undici has no CIDR
		{rustRuntime, "127.0.0.0/8", "127.0.0.1", "15721", true},  // reqwest does
		{rustRuntime, "10.0.0.0/8", "192.168.1.5", "80", false},
		{nodeRuntime, " localhost , 127.0.0.1 ", "127.0.0.1", "1", true},
		{nodeRuntime, "::1", "::1", "1", true},
		{nodeRuntime, "[::1]:15721", "::1", "15721", true},
	}
	for _, tt := range tests {
		if got := bypassed(tt.rt, tt.noProxy, tt.host, tt.port); got != tt.want {
			t.Errorf("bypassed(%d, %q, %s:%s) = %v, want %v", tt.rt, tt.noProxy, tt.host, tt.port, got, tt.want)
		}
	}
}

func TestProxyFor(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	https, _ := url.Parse("https://gateway.example/api")
	http, _ := url.Parse("http://127.0.0.1:15721")
	tests := []struct {
		name   string
		rt     runtimeKind
		target *url.URL
		vars   map[string]string
		want   string
	}{
		{"lower case first", nodeRuntime, https, map[string]string{"https_proxy": "a", "HTTPS_PROXY": "b"}, "https_proxy"},
		{"node falls back to http_proxy for https", nodeRuntime, https, map[string]string{"HTTP_PROXY": "a"}, "HTTP_PROXY"},
		{"node ignores ALL_PROXY", nodeRuntime, https, map[string]string{"ALL_PROXY": "a"}, ""},
		{"rust reads ALL_PROXY", rustRuntime, https, map[string]string{"ALL_PROXY": "a"}, "ALL_PROXY"},
		{"rust does not fall back to http_proxy", rustRuntime, https, map[string]string{"http_proxy": "a"}, ""},
		{"http target", nodeRuntime, http, map[string]string{"HTTP_PROXY": "a", "HTTPS_PROXY": "b"}, "HTTP_PROXY"},
		{"go: upper case first", goRuntime, https, map[string]string{"https_proxy": "a", "HTTPS_PROXY": "b"}, "HTTPS_PROXY"},
		{"go ignores ALL_PROXY", goRuntime, https, map[string]string{"ALL_PROXY": "a"}, ""},
		{"go does not fall back to http_proxy", goRuntime, https, map[string]string{"HTTP_PROXY": "a"}, ""},
	}
	for _, tt := range tests {
		got, _ := proxyFor(env(tt.vars), tt.rt, tt.target)
		if got.Var != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got.Var, tt.want)
		}
	}
}

func TestClassifyHost(t *testing.T) {
	tests := map[string]hostKind{
		"127.0.0.1": loopbackHost, "localhost": loopbackHost, "::1": loopbackHost, "app.localhost": loopbackHost,
		"192.168.1.10": lanHost, "10.0.0.2": lanHost, "nas.local": lanHost, "gateway": lanHost, "fe80::1": lanHost,
		"taotoken.net": remoteHost, "8.8.8.8": remoteHost,
	}
	for h, want := range tests {
		if got := classifyHost(h); got != want {
			t.Errorf("classifyHost(%q) = %d, want %d", h, got, want)
		}
	}
}

func TestWithNoProxy(t *testing.T) {
	if got := withNoProxy("localhost,.corp", "127.0.0.1", "localhost", "::1"); got != "localhost,.corp,127.0.0.1,::1" {
		t.Errorf("got %q", got)
	}
	if got := withNoProxy("", "127.0.0.1"); got != "127.0.0.1" {
		t.Errorf("got %q", got)
	}
}

func TestRedactProxy(t *testing.T) {
	if got := redactProxy("http://user:secret@127.0.0.1:7890"); got != "http://user:xxxxx@127.0.0.1:7890" {
		t.Errorf("got %q", got)
	}
}
