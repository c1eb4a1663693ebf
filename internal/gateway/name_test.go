package gateway

import "testing"

// A custom gateway is named by its host, never after a preset it is not.
func TestProfileName(t *testing.T) {
	for _, tt := range []struct{ preset, base, want string }{
		{"taotoken", "https://taotoken.net/api", "taotoken"},
		{"taotoken", "https://mirror.example/api", "taotoken"}, // a preset keeps its name
		{"custom", "https://GW.Example.com/api", "gw-example-com"},
		{"custom", "http://127.0.0.1:8765/api", "127-0-0-1"},
		{"custom", "http://[::1]:8765", "1"},
		{"custom", "", "custom"},
		{"custom", "https://网关.example", "example"},
	} {
		p := Profile{Preset: tt.preset, BaseURL: tt.base}
		if got := p.Name(); got != tt.want {
			t.Errorf("Name(%s, %s) = %q, want %q", tt.preset, tt.base, got, tt.want)
		}
		if got := p.Public().Name; got != tt.want {
			t.Errorf("Public().Name = %q", got)
		}
	}
}
