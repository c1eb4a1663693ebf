package crush_test

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/crush"
)

const testKey = "sk-test-0123456789abcdef0123"

// globalJSON is a global crush.json as setup writes it, with the type
// and base URL given.
func globalJSON(typ, base, key string) string {
	return `{
  "providers": {
    "gw": {"type": "` + typ + `", "base_url": "` + base + `", "api_key": "` + key + `", "models": [{"id": "m1", "name": "M1"}]}
  },
  "models": {"large": {"provider": "gw", "model": "m1"}}
}`
}

// Crush's triple is the provider models.large is on, with the wire rule
// of that provider's type: the request differs per type, and so does the
// /v1 rule (an anthropic base must not end in /v1).
func TestResolveCrush(t *testing.T) {
	for _, tt := range []struct {
		name, typ, base, key string
		vars                 map[string]string
		wantKey, wantReq     string
		auth                 gateway.Auth
	}{
		{"openai-compat", "openai-compat", "https://gw.example/v1", testKey, nil, testKey, "https://gw.example/v1/chat/completions", gateway.AuthBearer},
		{"no type is openai-compat", "", "https://gw.example/v1", testKey, nil, testKey, "https://gw.example/v1/chat/completions", gateway.AuthBearer},
		{"openai is the Responses API", "openai", "https://gw.example/v1", testKey, nil, testKey, "https://gw.example/v1/responses", gateway.AuthBearer},
		{"anthropic adds /v1 itself", "anthropic", "https://gw.example", testKey, nil, testKey, "https://gw.example/v1/messages", gateway.AuthXAPIKey},
		{"anthropic with /v1 doubles it", "anthropic", "https://gw.example/v1", testKey, nil, testKey, "https://gw.example/v1/v1/messages", gateway.AuthXAPIKey},
		{"$VAR names the key", "openai-compat", "https://gw.example/v1", "$GW_KEY", map[string]string{"GW_KEY": testKey}, testKey, "https://gw.example/v1/chat/completions", gateway.AuthBearer},
		{"${VAR} too", "openai-compat", "https://gw.example/v1", "${GW_KEY}", map[string]string{"GW_KEY": testKey}, testKey, "https://gw.example/v1/chat/completions", gateway.AuthBearer},
		{"an unset $VAR is no key", "openai-compat", "https://gw.example/v1", "$GW_KEY", nil, "", "https://gw.example/v1/chat/completions", ""},
		{"a $(command) is not known", "openai-compat", "https://gw.example/v1", "$(pass gw)", nil, "", "https://gw.example/v1/chat/completions", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, dir := envtest.Home(t, map[string]string{".config/crush/crush.json": globalJSON(tt.typ, tt.base, tt.key)}, tt.vars)
			s := discover.Discover(e, discover.Options{Project: dir})
			c, ok := s.Tool("crush")
			if !ok {
				t.Fatalf("crush not resolved; problems %+v", s.Problems)
			}
			if c.Base.Value != tt.base || c.Base.Source.Line != 3 || c.Model.Value != "m1" || c.Key.Value != tt.wantKey || c.Auth != tt.auth {
				t.Errorf("base %+v model %+v key %q auth %q", c.Base, c.Model, c.Key.Value, c.Auth)
			}
			if got := c.Rule.WillRequest(c.Base.Value); got != tt.wantReq {
				t.Errorf("requests %s, want %s", got, tt.wantReq)
			}
		})
	}
}

// The layers merge as Crush merges them: the data file Crush writes its
// own choice into beats the global crush.json, the project's files beat
// both (from the git root down), and the workspace file beats all.
func TestCrushLayers(t *testing.T) {
	global := globalJSON("openai-compat", "https://gw.example/v1", testKey)
	for _, tt := range []struct {
		name      string
		files     map[string]string
		base, mdl string
	}{
		{"global alone", nil, "https://gw.example/v1", "m1"},
		{"the data file's model", map[string]string{".local/share/crush/crush.json": `{"models": {"large": {"provider": "gw", "model": "m2"}}}`}, "https://gw.example/v1", "m2"},
		{"the project's base URL", map[string]string{"repo/.git/HEAD": "", "repo/crush.json": `{"providers": {"gw": {"base_url": "https://repo.example/v1"}}}`}, "https://repo.example/v1", "m1"},
		{".crush.json beats crush.json", map[string]string{"repo/.git/HEAD": "", "repo/crush.json": `{"providers": {"gw": {"base_url": "https://a.example/v1"}}}`, "repo/sub/.crush.json": `{"providers": {"gw": {"base_url": "https://b.example/v1"}}}`}, "https://b.example/v1", "m1"},
		{"the workspace file last", map[string]string{"repo/sub/crush.json": `{"models": {"large": {"model": "m3"}}}`, "repo/sub/.crush/crush.json": `{"models": {"large": {"model": "m4"}}}`}, "https://gw.example/v1", "m4"},
		{"outside a work tree only the working directory", map[string]string{"repo/crush.json": `{"providers": {"gw": {"base_url": "https://above.example/v1"}}}`}, "https://gw.example/v1", "m1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".config/crush/crush.json": global}
			for k, v := range tt.files {
				files[k] = v
			}
			e, dir := envtest.Home(t, files, nil)
			s := discover.Discover(e, discover.Options{Project: dir + "/repo/sub"})
			c, ok := s.Tool("crush")
			if !ok {
				t.Fatalf("crush not resolved; problems %+v", s.Problems)
			}
			if c.Base.Value != tt.base || c.Model.Value != tt.mdl {
				t.Errorf("base %q model %q, want %q %q", c.Base.Value, c.Model.Value, tt.base, tt.mdl)
			}
		})
	}
}

// CRUSH_GLOBAL_CONFIG moves the global file; a file that does not parse
// is a problem with its line and column.
func TestCrushGlobalVarAndBrokenFile(t *testing.T) {
	e, dir := envtest.Home(t, map[string]string{
		"elsewhere/crush.json":     globalJSON("anthropic", "https://gw.example", testKey),
		".config/crush/crush.json": "{\n  \"providers\": {,\n}\n",
	}, nil)
	e2, _ := envtest.Home(t, nil, map[string]string{"HOME": dir, crush.GlobalVar: dir + "/elsewhere"})
	s := discover.Discover(e2, discover.Options{Project: dir})
	if c, ok := s.Tool("crush"); !ok || c.Base.Value != "https://gw.example" {
		t.Errorf("with %s: %+v %v", crush.GlobalVar, c, ok)
	}
	s = discover.Discover(e, discover.Options{Project: dir})
	probs := s.ProblemsIn(crush.Global(e))
	if len(probs) != 1 || probs[0].Line != 2 || probs[0].Col == 0 {
		t.Errorf("problems %+v", probs)
	}
}

func TestVarRef(t *testing.T) {
	for in, want := range map[string]string{"$A": "A", "${A_1}": "A_1", "$1": "", "sk-x": "", "$(cmd)": "", "x$A": "", "${A": "", "$": "", "$A-B": ""} {
		if got := crush.VarRef(in); got != want {
			t.Errorf("VarRef(%q) = %q, want %q", in, got, want)
		}
	}
}

// extra_headers are sent as Crush resolves them: a literal as written, a
// set $VAR as its value; an unset variable or a $(command) is not known
// and is left out of what the probes send.
func TestResolveExtraHeaders(t *testing.T) {
	cfg := `{"providers": {"gw": {"type": "openai-compat", "base_url": "https://gw.example/v1", "api_key": "` + testKey + `",
  "extra_headers": {"x-literal": "a", "x-var": "$HDR", "x-unset": "$NOPE", "x-cmd": "$(pass hdr)"}}},
  "models": {"large": {"provider": "gw", "model": "m1"}}}`
	e, dir := envtest.Home(t, map[string]string{".config/crush/crush.json": cfg}, map[string]string{"HDR": "from-var"})
	c, ok := discover.Discover(e, discover.Options{Project: dir}).Tool("crush")
	if !ok {
		t.Fatal("crush not resolved")
	}
	var got []string
	for _, h := range c.Headers {
		got = append(got, h.Name+"="+h.Value.Value)
	}
	if want := "x-literal=a x-var=from-var"; strings.Join(got, " ") != want {
		t.Errorf("headers %q, want %q", got, want)
	}
}
