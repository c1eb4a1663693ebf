package wire

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// The request every probe of a path sends is the one its tool sends: the
// URL rule and query, the auth header form and value, the extra headers
// its configuration carries and the key its helper prints (each tool's
// package reads these; the ladder, ping --tool and bench --tool build
// their requests from the path).
func TestRequestSendsWhatTheToolSends(t *testing.T) {
	const pk = "pk-test-fedcba9876543210fedcba"
	tests := []struct {
		name       string
		files      map[string]string
		vars       map[string]string
		url        string
		auth       gateway.Auth
		header     http.Header // the extra headers, canonical names
		helperFail string
	}{
		{"claude: its query, bearer token, ANTHROPIC_CUSTOM_HEADERS lines",
			map[string]string{".claude/settings.json": `{"env":{"ANTHROPIC_BASE_URL":"http://g/api","ANTHROPIC_AUTH_TOKEN":"` + wireKey + `","ANTHROPIC_MODEL":"m",
				"ANTHROPIC_CUSTOM_HEADERS":"x-portkey-provider: anthropic\nx-portkey-api-key: ` + pk + `"}}`}, nil,
			"http://g/api/v1/messages?beta=true", gateway.AuthBearer,
			http.Header{"X-Portkey-Provider": {"anthropic"}, "X-Portkey-Api-Key": {pk}}, ""},
		{"claude: ANTHROPIC_API_KEY goes in x-api-key, the shell's headers too",
			map[string]string{".claude/settings.json": `{"env":{"ANTHROPIC_BASE_URL":"http://g/api","ANTHROPIC_API_KEY":"` + wireKey + `","ANTHROPIC_MODEL":"m"}}`},
			map[string]string{"ANTHROPIC_CUSTOM_HEADERS": "x-portkey-provider: anthropic"},
			"http://g/api/v1/messages?beta=true", gateway.AuthXAPIKey, http.Header{"X-Portkey-Provider": {"anthropic"}}, ""},
		{"claude: the user's apiKeyHelper, its key in Bearer and x-api-key",
			map[string]string{"proj/.keep": "", ".claude/settings.json": `{"apiKeyHelper":"echo ` + wireKey + `","env":{"ANTHROPIC_BASE_URL":"http://g/api","ANTHROPIC_MODEL":"m"}}`}, nil,
			"http://g/api/v1/messages?beta=true", gateway.AuthBearer, http.Header{"X-Api-Key": {wireKey}}, ""},
		{"claude: a helper that fails is the path's failure, not a key",
			map[string]string{"proj/.keep": "", ".claude/settings.json": `{"apiKeyHelper":"exit 7","env":{"ANTHROPIC_BASE_URL":"http://g/api","ANTHROPIC_MODEL":"m"}}`}, nil,
			"http://g/api/v1/messages?beta=true", gateway.AuthBearer, nil, "apiKeyHelper failed (exit status 7)"},
		{"codex: responses under its /v1 base, http_headers and env_http_headers",
			map[string]string{".codex/config.toml": "model = \"m\"\nmodel_provider = \"gw\"\n[model_providers.gw]\nbase_url = \"http://g/api/v1\"\nenv_key = \"GW_KEY\"\nwire_api = \"responses\"\n" +
				"http_headers = { \"x-portkey-provider\" = \"openai\" }\nenv_http_headers = { \"x-portkey-api-key\" = \"PK\" }\n"},
			map[string]string{"GW_KEY": wireKey, "PK": pk},
			"http://g/api/v1/responses", gateway.AuthBearer, http.Header{"X-Portkey-Provider": {"openai"}, "X-Portkey-Api-Key": {pk}}, ""},
		{"openai sdk: chat, bearer, nothing else",
			nil, map[string]string{"OPENAI_BASE_URL": "http://g/api/v1", "OPENAI_API_KEY": wireKey},
			"http://g/api/v1/chat/completions", gateway.AuthBearer, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := wireSnapshot(t, tt.files, tt.vars)
			ps := RunKeyHelpers(context.Background(), s, Paths(s, "m"))
			if len(ps) != 1 {
				t.Fatalf("%d paths: %+v", len(ps), ps)
			}
			p := ps[0]
			if p.HelperFailed != tt.helperFail {
				t.Fatalf("HelperFailed %q, want %q", p.HelperFailed, tt.helperFail)
			}
			if tt.helperFail != "" {
				if p.Key != "" || p.Skip != "" {
					t.Errorf("a failed helper gave key %v, skip %q", p.Key != "", p.Skip)
				}
				return
			}
			if p.Skip != "" {
				t.Fatalf("skipped: %s", p.Skip)
			}
			w := &wire{route: Route{Path: p}}
			for _, stream := range []bool{false, true} {
				r := w.request(stream)
				if r.URL != tt.url || r.Auth != tt.auth || r.Key != wireKey || r.Stream != stream {
					t.Errorf("request %s auth %s key ok %v stream %v, want %s %s", r.URL, r.Auth, r.Key == wireKey, r.Stream, tt.url, tt.auth)
				}
				if h := r.Header; !reflect.DeepEqual(h, tt.header) && (len(h) > 0 || len(tt.header) > 0) {
					t.Errorf("headers %v, want %v", h, tt.header)
				}
			}
			if m := w.modelsRequest(); !reflect.DeepEqual(m.Header, w.request(false).Header) {
				t.Errorf("the model list goes without the tool's headers: %v", m.Header)
			}
		})
	}
}
