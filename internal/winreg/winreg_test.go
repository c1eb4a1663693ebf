package winreg

import "testing"

func TestProxyBypasses(t *testing.T) {
	p := Proxy{Override: "<local>; *.corp.example ;10.0.0.5"}
	for host, want := range map[string]bool{
		"localhost":        true, // no dot: <local>
		"127.0.0.1":        false,
		"git.corp.example": true,
		"corp.example":     false,
		"10.0.0.5":         true,
		"GIT.CORP.EXAMPLE": true,
		"example.com":      false,
	} {
		if got := p.Bypasses(host); got != want {
			t.Errorf("Bypasses(%q) = %v, want %v", host, got, want)
		}
	}
	if (Proxy{}).Bypasses("localhost") {
		t.Error("an empty ProxyOverride bypasses nothing")
	}
}

func TestProxyServerFor(t *testing.T) {
	for _, tt := range []struct{ server, scheme, want string }{
		{"127.0.0.1:7890", "https", "127.0.0.1:7890"},
		{"http=127.0.0.1:8080;https=127.0.0.1:8443", "https", "127.0.0.1:8443"},
		{"http=127.0.0.1:8080;https=127.0.0.1:8443", "HTTP", "127.0.0.1:8080"},
		{"http=127.0.0.1:8080", "https", ""},
		{"", "http", ""},
	} {
		if got := (Proxy{Server: tt.server}).ServerFor(tt.scheme); got != tt.want {
			t.Errorf("ServerFor(%q, %q) = %q, want %q", tt.server, tt.scheme, got, tt.want)
		}
	}
	if !(Proxy{Server: "127.0.0.1:1"}).Set() || (Proxy{Override: "<local>"}).Set() {
		t.Error("Set: a server left behind counts, an override alone does not")
	}
}

func TestLookupUserBeatsMachine(t *testing.T) {
	v := Values{Env: []Var{
		{Name: "ANTHROPIC_BASE_URL", Value: "http://user", Key: UserEnvironment},
		{Name: "Anthropic_Base_URL", Value: "http://machine", Key: MachineEnvironment},
	}}
	got, ok := v.Lookup("anthropic_base_url")
	if !ok || got.Value != "http://user" || got.Key != UserEnvironment {
		t.Errorf("Lookup = %+v, %v; want the user's (names are case-insensitive on Windows)", got, ok)
	}
	if _, ok := v.Lookup("OPENAI_BASE_URL"); ok {
		t.Error("Lookup found a variable that is not set")
	}
}
