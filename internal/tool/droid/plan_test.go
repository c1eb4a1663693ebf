package droid_test

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/droid"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// The user's settings: a comment, another gateway's custom model before
// ours would go, a setting of theirs.
const userSettings = `{
  // mine
  "customModels": [
    {"model": "gpt-4o-mini", "displayName": "My Other", "baseUrl": "https://other.example/v1", "apiKey": "sk-other-0123456789abcd", "provider": "generic-chat-completion-api", "maxOutputTokens": 2048}
  ],
  "enableDroidShield": true
}
`

// Setup appends our entry after the user's (whose id, counted within its
// name, does not move), selects it, keeps every other byte, and with each
// provider writes that provider's /v1 rule; a second run is a no-op.
func TestPlanAppendsOurEntry(t *testing.T) {
	for _, tt := range []struct {
		provider, base string
	}{
		{"", "https://taotoken.net/api/v1"},
		{droid.ProviderChat, "https://taotoken.net/api/v1"},
		{droid.ProviderOpenAI, "https://taotoken.net/api/v1"},
		{droid.ProviderAnthropic, "https://taotoken.net/api"},
	} {
		t.Run(tt.provider, func(t *testing.T) {
			o := writerstest.Options(t)
			o.ToolOptions = map[string]string{"droid-provider": tt.provider}
			path := droid.Settings(o.Env)
			writerstest.WriteFile(t, path, userSettings, 0o600)
			p := writerstest.PlanOne(t, o, droid.ID)
			writerstest.NoKey(t, writerstest.Diff(p))
			writerstest.Apply(t, o, p)
			got := writerstest.ReadString(t, path)
			kind := tt.provider
			if kind == "" {
				kind = droid.ProviderChat
			}
			for _, want := range []string{
				"// mine\n",
				`{"model": "gpt-4o-mini", "displayName": "My Other", "baseUrl": "https://other.example/v1", "apiKey": "sk-other-0123456789abcd", "provider": "generic-chat-completion-api", "maxOutputTokens": 2048},`,
				`"enableDroidShield": true`,
				`"displayName": "taotoken"`,
				`"baseUrl": "` + tt.base + `"`,
				`"apiKey": "` + writerstest.Key + `"`,
				`"provider": "` + kind + `"`,
				`"maxOutputTokens": 16384`,
				`"model": "custom:taotoken-0"`,
			} {
				if !strings.Contains(got, want) {
					t.Errorf("lacks %s:\n%s", want, got)
				}
			}
			if strings.Index(got, "My Other") > strings.Index(got, `"taotoken"`) {
				t.Errorf("the user's entry moved:\n%s", got)
			}
			if again := writerstest.PlanOne(t, o, droid.ID); len(again.Pending()) != 0 {
				t.Errorf("a second run changes:\n%s", writerstest.Diff(again))
			}
		})
	}
}

// Our entry is the one named as the profile (its other fields and place
// kept, maxOutputTokens the user's), else the one with our baseUrl and
// model, which keeps its name; the id counts the earlier entries of that
// name. With --droid-auth env the key is "${VAR}".
func TestPlanUpdatesOurEntry(t *testing.T) {
	for _, tt := range []struct {
		name, settings, id, note string
	}{
		{"by displayName", `{"customModels": [
  {"displayName": "taotoken", "model": "old", "baseUrl": "https://old.example/v1", "apiKey": "sk-old-0123456789abcdef", "provider": "openai", "maxOutputTokens": 999, "extraHeaders": {"X-Team": "a"}},
  {"displayName": "zz", "model": "m"}
]}`, "custom:taotoken-0", `matched by displayName "taotoken"`},
		{"by baseUrl and model", `{"customModels": [
  {"displayName": "GW", "model": "m"},
  {"displayName": "GW", "model": "gpt-4o", "baseUrl": "https://taotoken.net/api/v1", "apiKey": "sk-old-0123456789abcdef", "maxOutputTokens": 999}
]}`, "custom:GW-1", "matched by baseUrl and model"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			o.ToolOptions = map[string]string{"droid-auth": "env"}
			path := droid.Settings(o.Env)
			writerstest.WriteFile(t, path, tt.settings, 0o600)
			p := writerstest.PlanOne(t, o, droid.ID)
			if notes := strings.Join(p.Changes[0].Notes, "\n"); !strings.Contains(notes, tt.note) {
				t.Errorf("notes %q lack %q", notes, tt.note)
			}
			d := writerstest.Diff(p)
			writerstest.NoKey(t, d)
			if strings.Contains(d, "sk-old-0123456789abcdef") {
				t.Errorf("the diff shows the old key:\n%s", d)
			}
			writerstest.Apply(t, o, p)
			got := writerstest.ReadString(t, path)
			for _, want := range []string{`"apiKey": "${TAOTOKEN_API_KEY}"`, `"maxOutputTokens": 999`, `"model": "` + tt.id + `"`, `"provider": "generic-chat-completion-api"`} {
				if !strings.Contains(got, want) {
					t.Errorf("lacks %s:\n%s", want, got)
				}
			}
			if strings.Count(got, `"displayName"`) != 2 {
				t.Errorf("an entry was added:\n%s", got)
			}
			s := discover.Discover(o.Env, discover.Options{Project: o.Project})
			own, ok := s.Own(droid.ID)
			if !ok || own.Model.Value != "gpt-4o" || own.KeyName != "TAOTOKEN_API_KEY" {
				t.Errorf("read back %+v (%v)", own, ok)
			}
		})
	}
}

// A settings file that does not parse is refused, untouched.
func TestPlanRefusesBrokenSettings(t *testing.T) {
	o := writerstest.Options(t)
	writerstest.WriteFile(t, droid.Settings(o.Env), "{\n  \"customModels\": [\n", 0o600)
	if _, err := writersPlan(o); err == nil || !strings.Contains(err.Error(), "line") {
		t.Errorf("want a refusal naming the line, got %v", err)
	}
}

func writersPlan(o writers.Options) (*writers.Plan, error) {
	return writers.MakePlan(o, []gateway.ToolID{droid.ID})
}
