package openclaw_test

import (
	"fmt"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/openclaw"
)

const testKey = "sk-test-0123456789abcdef0123"

// A hand-written JSON5 config, as OpenClaw users keep it.
const userConfig = `// OpenClaw
{
  models: {
    providers: {
      gw: {
        baseUrl: '%s',
        apiKey: '%s',
        api: '%s',
        models: [{id: 'm1', name: 'M1'}, {id: 'm2'},],
      },
    },
  },
  agents: {defaults: {model: {primary: 'gw/m1'}}},
}
`

// OpenClaw's triple is the provider its primary model is on, with the wire
// rule of its api: Bearer chat or Responses under …/v1, x-api-key messages
// with or without /v1; a "${VAR}" key is the variable's, from the shell or
// ~/.openclaw/.env.
func TestResolveOpenClaw(t *testing.T) {
	for _, tt := range []struct {
		name, base, key, api string
		files, vars          map[string]string
		wantKey, keyName     string
		proto                gateway.Protocol
		auth                 gateway.Auth
		request              string
	}{
		{"chat", "https://gw.example/v1", testKey, "openai-completions", nil, nil, testKey, "apiKey", gateway.Chat, gateway.AuthBearer, "https://gw.example/v1/chat/completions"},
		{"responses", "https://gw.example/v1", testKey, "openai-responses", nil, nil, testKey, "apiKey", gateway.Responses, gateway.AuthBearer, "https://gw.example/v1/responses"},
		{"messages without /v1", "https://gw.example", testKey, "anthropic-messages", nil, nil, testKey, "apiKey", gateway.Messages, gateway.AuthXAPIKey, "https://gw.example/v1/messages"},
		{"messages with /v1", "https://gw.example/v1", testKey, "anthropic-messages", nil, nil, testKey, "apiKey", gateway.Messages, gateway.AuthXAPIKey, "https://gw.example/v1/messages"},
		{"${VAR} from the shell", "https://gw.example/v1", "${GW_KEY}", "openai-completions", nil, map[string]string{"GW_KEY": testKey}, testKey, "GW_KEY", gateway.Chat, gateway.AuthBearer, ""},
		{"${VAR} from ~/.openclaw/.env", "https://gw.example/v1", "${GW_KEY}", "openai-completions", map[string]string{".openclaw/.env": "GW_KEY=" + testKey + "\n"}, nil, testKey, "GW_KEY", gateway.Chat, gateway.AuthBearer, ""},
		{"${VAR} unset", "https://gw.example/v1", "${GW_KEY}", "openai-completions", nil, nil, "", "GW_KEY", gateway.Chat, "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".openclaw/openclaw.json": fmt.Sprintf(userConfig, tt.base, tt.key, tt.api)}
			for k, v := range tt.files {
				files[k] = v
			}
			e, dir := envtest.Home(t, files, tt.vars)
			s := discover.Discover(e, discover.Options{Project: dir})
			o, ok := s.Tool("openclaw")
			if !ok {
				t.Fatalf("openclaw not resolved; problems %+v", s.Problems)
			}
			if o.Base.Value != tt.base || o.Base.Source.Line != 6 || o.Model.Value != "m1" || o.Model.Source.Line != 13 {
				t.Errorf("base %+v, model %+v", o.Base, o.Model)
			}
			if o.Key.Value != tt.wantKey || o.KeyName != tt.keyName || o.Auth != tt.auth {
				t.Errorf("key %q (%s, %s), want %q (%s, %s)", o.Key.Value, o.KeyName, o.Auth, tt.wantKey, tt.keyName, tt.auth)
			}
			if o.Rule.Protocol != tt.proto {
				t.Errorf("protocol %s, want %s", o.Rule.Protocol, tt.proto)
			}
			if _, notes := o.Rule.Diagnose(o.Base.Value); len(notes) != 0 {
				t.Errorf("a right base URL is diagnosed: %+v", notes)
			}
			if tt.request != "" && o.Rule.WillRequest(o.Base.Value) != tt.request {
				t.Errorf("will request %s, want %s", o.Rule.WillRequest(o.Base.Value), tt.request)
			}
			st := openclaw.StateOf(s)
			if p := st.Providers["gw"]; p == nil || len(p.Models) != 2 || !p.Models[0].HasName || p.Models[1].HasName || p.Models[1].Line != 9 {
				t.Errorf("models %+v", p)
			}
		})
	}
}

// What OpenClaw would refuse is a problem at its line and column; the
// short form "model": "ID/MODEL" is read as the primary model.
func TestReadOpenClawForms(t *testing.T) {
	e, dir := envtest.Home(t, map[string]string{".openclaw/openclaw.json": "{\n  agents: {defaults: {model: 'gw/m1'}},\n  models: {providers: {gw: {baseUrl: 'https://gw.example/v1', apiKey: '" + testKey + "', models: [{id: 'm1', name: 'm1'}]}}},\n}"}, nil)
	s := discover.Discover(e, discover.Options{Project: dir})
	if o, ok := s.Tool("openclaw"); !ok || o.Model.Value != "m1" || o.Model.Source.Line != 2 {
		t.Errorf("short form: %+v %v", o, ok)
	}
	e, dir = envtest.Home(t, map[string]string{".openclaw/openclaw.json": "{\n  models: {providers: {gw: {baseUrl: 'x' 'y'}}},\n}"}, nil)
	s = discover.Discover(e, discover.Options{Project: dir})
	probs := s.ProblemsIn(openclaw.Config(e))
	if len(probs) != 1 || probs[0].Line != 2 || probs[0].Col != 42 || !probs[0].Unusable {
		t.Errorf("problems %+v", probs)
	}
}
