package qwen_test

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/testutil"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/qwen"
)

const (
	fileKey = "sk-test-file-0123456789"
	varKey  = "sk-test-var-9876543210"
)

// OPENAI_API_KEY and OPENAI_BASE_URL, from the shell or the .env Qwen
// Code loads, are what it sends over security.auth's (✓ 0.15.10, checked
// again by internal/truth); a modelProviders entry beats both.
func TestResolveTheVariablesThatBeatSettings(t *testing.T) {
	settings := `{"security": {"auth": {"selectedType": "openai", "baseUrl": "https://gw.example/api/v1", "apiKey": "` + fileKey + `"}}, "model": {"name": "gpt-4o"}}`
	for _, tc := range []struct {
		name, dotenv, settings string
		vars                   map[string]string
		key, keySource, base   string
	}{
		{name: "settings alone", settings: settings, key: fileKey, keySource: qwen.APIKey, base: "https://gw.example/api/v1"},
		{name: "the shell's key", settings: settings, vars: map[string]string{"OPENAI_API_KEY": varKey},
			key: varKey, keySource: "OPENAI_API_KEY", base: "https://gw.example/api/v1"},
		{name: "the .env's key and base", settings: settings, dotenv: "OPENAI_API_KEY=" + varKey + "\nOPENAI_BASE_URL=https://other.example/v1\n",
			key: varKey, keySource: "OPENAI_API_KEY", base: "https://other.example/v1"},
		{name: "an entry's envKey beats the shell", vars: map[string]string{"OPENAI_API_KEY": fileKey, "GW_KEY": varKey},
			settings: `{"security": {"auth": {"selectedType": "openai"}}, "model": {"name": "gpt-4o"},
  "modelProviders": {"openai": [{"id": "gpt-4o", "baseUrl": "https://gw.example/api/v1", "envKey": "GW_KEY"}]}}`,
			key: varKey, keySource: "GW_KEY", base: "https://gw.example/api/v1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{filepath.Join(".qwen", "settings.json"): tc.settings}
			if tc.dotenv != "" {
				files[filepath.Join(".qwen", ".env")] = tc.dotenv
			}
			e, _ := envtest.Home(t, files, tc.vars)
			got, ok := discover.Discover(e, discover.Options{Project: testutil.TempDir(t)}).Own(qwen.ID)
			if !ok {
				t.Fatal("no Qwen Code read")
			}
			if got.Key.Value != tc.key || got.Key.Source.Key != tc.keySource || got.Base.Value != tc.base {
				t.Errorf("key from %q (want %q), right key %v, base %q (want %q)", got.Key.Source.Key, tc.keySource, got.Key.Value == tc.key, got.Base.Value, tc.base)
			}
		})
	}
}

// The custom headers Qwen Code sends are its model's modelProviders
// entry's when it has one, else model.generationConfig's: the two levels
// never merge, so an entry without headers sends none.
func TestResolveCustomHeaders(t *testing.T) {
	model := `"model": {"name": "gpt-4o", "generationConfig": {"customHeaders": {"x-portkey-provider": "model-level"}}}`
	for _, tc := range []struct {
		name, providers, want string
	}{
		{"the model's", ``, "model-level"},
		{"an entry's beats it", `, "modelProviders": {"openai": [{"id": "gpt-4o", "envKey": "K", "generationConfig": {"customHeaders": {"x-portkey-provider": "entry-level"}}}]}`, "entry-level"},
		{"an entry without headers sends none", `, "modelProviders": {"openai": [{"id": "gpt-4o", "envKey": "K"}]}`, ""},
		{"another model's entry is not the model's", `, "modelProviders": {"openai": [{"id": "gpt-5", "generationConfig": {"customHeaders": {"x-portkey-provider": "other"}}}]}`, "model-level"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			settings := `{"security": {"auth": {"selectedType": "openai", "baseUrl": "https://gw.example/api/v1", "apiKey": "` + fileKey + `"}}, ` + model + tc.providers + `}`
			e, _ := envtest.Home(t, map[string]string{filepath.Join(".qwen", "settings.json"): settings}, nil)
			got, ok := discover.Discover(e, discover.Options{Project: testutil.TempDir(t)}).Own(qwen.ID)
			if !ok {
				t.Fatal("no Qwen Code read")
			}
			if h := discover.HTTPHeader(got.Headers).Get("x-portkey-provider"); h != tc.want {
				t.Errorf("x-portkey-provider %q, want %q (%+v)", h, tc.want, got.Headers)
			}
		})
	}
}
