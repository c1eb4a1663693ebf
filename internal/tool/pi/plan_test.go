package pi_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/pi"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// A fresh home gets an openai-completions provider with /v1, the key
// itself (models.json then 0600) and the model selected in settings.json.
func TestPlanPiNewFiles(t *testing.T) {
	o := writerstest.Options(t)
	p := writerstest.PlanOne(t, o, pi.ID)
	writerstest.NoKey(t, writerstest.Diff(p))
	writerstest.Apply(t, o, p)
	want := `{
  "providers": {
    "taotoken": {
      "baseUrl": "https://taotoken.net/api/v1",
      "api": "openai-completions",
      "apiKey": "` + writerstest.Key + `",
      "models": [
        {
          "id": "gpt-4o"
        }
      ]
    }
  }
}
`
	if got := writerstest.ReadString(t, pi.ModelsFile(o.Env)); got != want {
		t.Errorf("models.json:\n%s\nwant\n%s", got, want)
	}
	if got := writerstest.ReadString(t, pi.SettingsFile(o.Env)); got != "{\n  \"defaultProvider\": \"taotoken\",\n  \"defaultModel\": \"gpt-4o\"\n}\n" {
		t.Errorf("settings.json:\n%s", got)
	}
}

// Each api gets its own /v1 rule: anthropic-messages appends /v1/messages
// itself, so its base is the gateway root.
func TestPlanPiAPIs(t *testing.T) {
	for api, base := range map[string]string{
		pi.APICompletions: "https://taotoken.net/api/v1",
		pi.APIResponses:   "https://taotoken.net/api/v1",
		pi.APIMessages:    "https://taotoken.net/api",
	} {
		t.Run(api, func(t *testing.T) {
			o := writerstest.Options(t)
			o.ToolOptions = map[string]string{"pi-api": api}
			writerstest.Apply(t, o, writerstest.PlanOne(t, o, pi.ID))
			got := writerstest.ReadString(t, pi.ModelsFile(o.Env))
			if !strings.Contains(got, `"baseUrl": "`+base+`"`) || !strings.Contains(got, `"api": "`+api+`"`) {
				t.Errorf("models.json:\n%s", got)
			}
			// A second run without --pi-api keeps the provider's api.
			o.ToolOptions = nil
			if again := writerstest.PlanOne(t, o, pi.ID); len(again.Pending()) != 0 {
				t.Errorf("a rerun changes:\n%s", writerstest.Diff(again))
			}
		})
	}
}

// The user's other providers, comments and a model's own fields are kept;
// the model is appended to a provider that lacks it, in the array's style.
func TestPlanPiKeepsTheUsers(t *testing.T) {
	o := writerstest.Options(t)
	old := `{
  // my providers
  "providers": {
    "ollama": {"baseUrl": "http://localhost:11434/v1", "api": "openai-completions", "apiKey": "ollama", "models": [{"id": "llama3.1:8b"}]},
    "taotoken": {
      "baseUrl": "https://old.example/v1",
      "api": "openai-completions",
      "apiKey": "sk-test-old-key-0000000000",
      "models": [
        {"id": "gpt-4o-mini", "contextWindow": 64000}, // small
      ],
    },
  },
}
`
	writerstest.WriteFile(t, pi.ModelsFile(o.Env), old, 0o600)
	writerstest.WriteFile(t, pi.SettingsFile(o.Env), "{\n  \"theme\": \"dark\",\n  \"defaultModel\": \"gpt-4o-mini\"\n}\n", 0o644)
	p := writerstest.PlanOne(t, o, pi.ID)
	d := writerstest.Diff(p)
	writerstest.NoKey(t, d)
	if strings.Contains(d, "sk-test-old-key-0000000000") {
		t.Errorf("the diff shows the old key:\n%s", d)
	}
	writerstest.Apply(t, o, p)
	got := writerstest.ReadString(t, pi.ModelsFile(o.Env))
	for _, keep := range []string{"// my providers", `"ollama": {"baseUrl": "http://localhost:11434/v1", "api": "openai-completions", "apiKey": "ollama", "models": [{"id": "llama3.1:8b"}]},`,
		`{"id": "gpt-4o-mini", "contextWindow": 64000}, // small`, `"id": "gpt-4o"`, `"baseUrl": "https://taotoken.net/api/v1",`} {
		if !strings.Contains(got, keep) {
			t.Errorf("models.json lacks %q:\n%s", keep, got)
		}
	}
	if s := writerstest.ReadString(t, pi.SettingsFile(o.Env)); !strings.Contains(s, `"theme": "dark",`) || !strings.Contains(s, `"defaultModel": "gpt-4o"`) {
		t.Errorf("settings.json:\n%s", s)
	}
}

// --pi-auth env names the variable; a rerun without the option keeps the
// name while the variable holds the profile's key, and goes back to the
// key itself when it does not.
func TestPlanPiKeyByName(t *testing.T) {
	o := writerstest.Options(t)
	o.ToolOptions = map[string]string{"pi-auth": "env"}
	p := writerstest.PlanOne(t, o, pi.ID)
	if notes := strings.Join(p.Changes[0].Notes, "\n"); !strings.Contains(notes, "apiKey names TAOTOKEN_API_KEY; export it") {
		t.Errorf("notes %q", notes)
	}
	writerstest.Apply(t, o, p)
	path := pi.ModelsFile(o.Env)
	if got := writerstest.ReadString(t, path); !strings.Contains(got, `"apiKey": "TAOTOKEN_API_KEY"`) || strings.Contains(got, writerstest.Key) {
		t.Errorf("models.json:\n%s", got)
	}
	o.ToolOptions = nil
	vars := map[string]string{"TAOTOKEN_API_KEY": writerstest.Key}
	o.Env.Getenv = func(k string) string { return vars[k] }
	if again := writerstest.PlanOne(t, o, pi.ID); len(again.Pending()) != 0 {
		t.Errorf("a rerun with the variable set changes:\n%s", writerstest.Diff(again))
	}
	vars["TAOTOKEN_API_KEY"] = "sk-test-another-key-00000000"
	writerstest.Apply(t, o, writerstest.PlanOne(t, o, pi.ID))
	if got := writerstest.ReadString(t, path); !strings.Contains(got, `"apiKey": "`+writerstest.Key+`"`) {
		t.Errorf("the variable holds another key, but models.json still names it:\n%s", got)
	}
}

// An API key auth.json holds for the provider beats apiKey: setup removes
// it and keeps the other entries.
func TestPlanPiAuthJSON(t *testing.T) {
	o := writerstest.Options(t)
	writerstest.WriteFile(t, pi.AuthFile(o.Env), `{"taotoken": {"type": "api_key", "key": "sk-test-stale-000000000000"}, "anthropic": {"type": "oauth", "access": "x"}}`, 0o600)
	p := writerstest.PlanOne(t, o, pi.ID)
	if len(p.Changes) != 3 || !strings.Contains(strings.Join(p.Changes[2].Notes, ""), "removed taotoken from auth.json") {
		t.Fatalf("changes %d", len(p.Changes))
	}
	if d := writerstest.Diff(p); strings.Contains(d, "sk-test-stale-000000000000") {
		t.Errorf("the diff shows the stale key:\n%s", d)
	}
	writerstest.Apply(t, o, p)
	if got := writerstest.ReadString(t, pi.AuthFile(o.Env)); got != `{"anthropic": {"type": "oauth", "access": "x"}}` {
		t.Errorf("auth.json: %s", got)
	}
}

// The provider id is never one of pi's built-in providers.
func TestPlanPiBuiltInID(t *testing.T) {
	o := writerstest.Options(t)
	o.Profile.Preset, o.Profile.BaseURL = "custom", "https://xai/api" // a custom gateway is named by its host
	writerstest.Apply(t, o, writerstest.PlanOne(t, o, pi.ID))
	if got := writerstest.ReadString(t, pi.SettingsFile(o.Env)); !strings.Contains(got, `"defaultProvider": "xai-gateway"`) {
		t.Errorf("settings.json:\n%s", got)
	}
}

// A models value that is not an array is the user's: refused, line named.
func TestPlanPiRefuses(t *testing.T) {
	for name, content := range map[string]string{
		"models not an array": `{"providers": {"taotoken": {"models": {"gpt-4o": {}}}}}`,
		"not JSON":            "{\n  \"providers\": {,\n}\n",
		"a block comment":     "{\n  /* pi strips // comments only */\n  \"providers\": {}\n}\n",
	} {
		t.Run(name, func(t *testing.T) {
			o := writerstest.Options(t)
			writerstest.WriteFile(t, pi.ModelsFile(o.Env), content, 0o600)
			_, err := writers.MakePlan(o, []gateway.ToolID{pi.ID})
			var re *writers.RefusedError
			if !errors.As(err, &re) || re.Path != filepath.Clean(pi.ModelsFile(o.Env)) {
				t.Fatalf("err %v", err)
			}
		})
	}
}
