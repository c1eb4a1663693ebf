package crush_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool/crush"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// userConfig is a crush.json of the user's: another provider, its own
// options, our provider with a declared model carrying limits.
const userConfig = `{
  "$schema": "https://charm.land/crush.json",
  "options": {"debug": true},
  "providers": {
    "ollama": {"type": "openai-compat", "base_url": "http://localhost:11434/v1", "models": [{"id": "llama3.3", "name": "Llama 3.3"}]},
    "taotoken": {"type": "openai-compat", "base_url": "https://old.example/v1", "api_key": "sk-old-0000000000000000",
      "models": [{"id": "gpt-4o", "name": "GPT-4o", "context_window": 128000, "default_max_tokens": 8192}]}
  },
  "models": {"large": {"provider": "ollama", "model": "llama3.3", "think": true}}
}
`

// Setup writes the provider with its type's /v1 rule, keeps every other
// byte (the declared model's limits too), and a second run is a no-op.
func TestPlanCrush(t *testing.T) {
	for _, tt := range []struct {
		name, typ, auth string
		base, key       string
	}{
		{"openai-compat", "", "", "https://taotoken.net/api/v1", writerstest.Key},
		{"anthropic: no /v1", "anthropic", "", "https://taotoken.net/api", writerstest.Key},
		{"openai: Responses with /v1", "openai", "", "https://taotoken.net/api/v1", writerstest.Key},
		{"the key by reference", "", "env", "https://taotoken.net/api/v1", "$TAOTOKEN_API_KEY"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			o.ToolOptions = map[string]string{"crush-type": tt.typ, "crush-auth": tt.auth}
			path := crush.Global(o.Env)
			writerstest.WriteFile(t, path, userConfig, 0o644)
			p := writerstest.PlanOne(t, o, crush.ID)
			writerstest.NoKey(t, writerstest.Diff(p))
			writerstest.Apply(t, o, p)
			got := writerstest.ReadString(t, path)
			for _, keep := range []string{`"options": {"debug": true}`, `"ollama": {"type": "openai-compat", "base_url": "http://localhost:11434/v1", "models": [{"id": "llama3.3", "name": "Llama 3.3"}]}`, `"context_window": 128000, "default_max_tokens": 8192}]`, `"think": true`} {
				if !strings.Contains(got, keep) {
					t.Errorf("lost %s:\n%s", keep, got)
				}
			}
			var doc struct {
				Models map[string]struct{ Provider, Model string }
			}
			if err := json.Unmarshal([]byte(got), &doc); err != nil {
				t.Fatal(err)
			}
			var raw map[string]map[string]map[string]any
			json.Unmarshal([]byte(got), &raw)
			prov := raw["providers"]["taotoken"]
			want := map[string]any{"type": or(tt.typ, "openai-compat"), "base_url": tt.base, "api_key": tt.key}
			for k, v := range want {
				if prov[k] != v {
					t.Errorf("providers.taotoken.%s = %v, want %v", k, prov[k], v)
				}
			}
			if n := len(prov["models"].([]any)); n != 1 {
				t.Errorf("%d models declared, want the one already there", n)
			}
			for _, which := range []string{"large", "small"} {
				if m := doc.Models[which]; m.Provider != "taotoken" || m.Model != "gpt-4o" {
					t.Errorf("models.%s = %+v", which, m)
				}
			}
			if again := writerstest.PlanOne(t, o, crush.ID); len(again.Pending()) != 0 {
				t.Errorf("a second run changes:\n%s", writerstest.Diff(again))
			}
		})
	}
}

// An undeclared model is appended to the provider's list in its style.
func TestPlanCrushDeclares(t *testing.T) {
	o := writerstest.Options(t)
	path := crush.Global(o.Env)
	writerstest.WriteFile(t, path, `{"providers": {"taotoken": {"models": [{"id": "other", "name": "Other"}]}}}`, 0o600)
	writerstest.Apply(t, o, writerstest.PlanOne(t, o, crush.ID))
	if got := writerstest.ReadString(t, path); !strings.Contains(got, `[{"id": "other", "name": "Other"}, {"id":"gpt-4o","name":"gpt-4o"}]`) {
		t.Errorf("models not appended:\n%s", got)
	}
}

// A file Crush would refuse (not JSON, a provider that is not an object,
// models that are not a list) is refused, named, and left untouched.
func TestPlanCrushRefuses(t *testing.T) {
	for _, in := range []string{"{\n  \"providers\": {,\n}\n", `{"providers": {"taotoken": "x"}}`, `{"providers": {"taotoken": {"models": {"gpt-4o": {}}}}}`, "// c\n{}"} {
		o := writerstest.Options(t)
		writerstest.WriteFile(t, crush.Global(o.Env), in, 0o600)
		_, err := writers.MakePlan(o, []gateway.ToolID{crush.ID})
		var re *writers.RefusedError
		if !errors.As(err, &re) || re.Path != crush.Global(o.Env) {
			t.Errorf("%q: err = %v", in, err)
		}
	}
}

// use keeps the provider the large model is on, its type and the $VAR form.
func TestPlanKeptForms(t *testing.T) {
	o := writerstest.Options(t)
	writerstest.WriteFile(t, crush.Global(o.Env), `{"providers": {"mine": {"type": "anthropic", "base_url": "https://a.example", "api_key": "$TAOTOKEN_API_KEY", "models": [{"id": "m"}]}}, "models": {"large": {"provider": "mine", "model": "m"}}}`, 0o600)
	s := discover.Discover(o.Env, discover.Options{Project: o.Project})
	own, _ := s.Own(crush.ID)
	kept := crush.Tool.Impl.(interface {
		PlanKeptForms(*discover.Snapshot, discover.Tool, bool) map[string]string
	}).PlanKeptForms(s, own, true)
	if want := map[string]string{"crush-provider": "mine", "crush-type": "anthropic", "crush-auth": "env"}; !reflect.DeepEqual(kept, want) {
		t.Errorf("kept %v, want %v", kept, want)
	}
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// FuzzCrushEdit: whatever JSON crush.json holds, setup either refuses it
// or writes a file that parses, with every top-level member it does not
// own unchanged and our provider's triple in place.
func FuzzCrushEdit(f *testing.F) {
	for _, s := range []string{userConfig, "", "{}", `{"providers": null}`, `{"models": {"large": 1}}`, `{"providers": {"taotoken": {"models": []}}}`, "{\r\n\t\"a\": [1,\r\n2]\r\n}\r\n", `{"providers":{"taotoken":{"models":[{"id":"gpt-4o"}]}}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var before map[string]any
		if json.Unmarshal([]byte(in), &before) != nil {
			return
		}
		o := writerstest.Options(t)
		path := crush.Global(o.Env)
		writerstest.WriteFile(t, path, in, 0o600)
		p, err := writers.MakePlan(o, []gateway.ToolID{crush.ID})
		if err != nil {
			var re *writers.RefusedError
			if !errors.As(err, &re) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		var after map[string]any
		if err := json.Unmarshal(p.Changes[0].New, &after); err != nil {
			t.Fatalf("the edit does not parse: %v\n%s", err, p.Changes[0].New)
		}
		for k, v := range before {
			if k != "providers" && k != "models" && !reflect.DeepEqual(after[k], v) {
				t.Errorf("%s changed: %v -> %v", k, v, after[k])
			}
		}
		prov, _ := after["providers"].(map[string]any)["taotoken"].(map[string]any)
		base := "https://taotoken.net/api/v1" // openai-compat, unless the provider had a type
		if prov["type"] == "anthropic" {
			base = "https://taotoken.net/api"
		}
		if prov["base_url"] != base || prov["api_key"] != writerstest.Key {
			t.Errorf("provider %v", prov)
		}
		if others, ok := before["providers"].(map[string]any); ok {
			for id, v := range others {
				if id != "taotoken" && !reflect.DeepEqual(after["providers"].(map[string]any)[id], v) {
					t.Errorf("provider %s changed", id)
				}
			}
		}
	})
}

// Crush's data file beats crush.json: a selection it holds (the model
// picked in Crush's interface, or a fallback it wrote) is switched too,
// its other state kept; a data file without one is not touched.
func TestPlanCrushDataFile(t *testing.T) {
	o := writerstest.Options(t)
	data := crush.Data(o.Env)
	writerstest.WriteFile(t, data, `{"models":{"large":{"model":"gpt-5","provider":"openai","think":true}},"recent_models":{"large":[{"model":"gpt-5","provider":"openai"}]}}`, 0o600)
	writerstest.Apply(t, o, writerstest.PlanOne(t, o, crush.ID))
	want := `{"models":{"large":{"model":"gpt-4o","provider":"taotoken","think":true}},"recent_models":{"large":[{"model":"gpt-5","provider":"openai"}]}}`
	if got := writerstest.ReadString(t, data); got != want {
		t.Errorf("data file\n%s\nwant\n%s", got, want)
	}
	if again := writerstest.PlanOne(t, o, crush.ID); len(again.Pending()) != 0 {
		t.Errorf("a second run changes:\n%s", writerstest.Diff(again))
	}
	o = writerstest.Options(t)
	writerstest.WriteFile(t, crush.Data(o.Env), `{"recent_models":{}}`, 0o600)
	for _, c := range writerstest.PlanOne(t, o, crush.ID).Pending() {
		if c.Path == crush.Data(o.Env) {
			t.Errorf("a data file without a selection is changed")
		}
	}
}

// A rerun without --crush-type keeps the type the provider has: it does
// not undo an earlier --crush-type anthropic.
func TestPlanCrushKeepsType(t *testing.T) {
	o := writerstest.Options(t)
	o.ToolOptions = map[string]string{"crush-type": "anthropic"}
	writerstest.Apply(t, o, writerstest.PlanOne(t, o, crush.ID))
	o.ToolOptions = nil
	if again := writerstest.PlanOne(t, o, crush.ID); len(again.Pending()) != 0 {
		t.Errorf("a rerun without --crush-type changes:\n%s", writerstest.Diff(again))
	}
}
