package droid_test

import (
	"fmt"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool/droid"
)

// The triple is the custom model sessionDefaultSettings.model selects,
// with its provider's wire rule; a legacy config.json entry is listed
// after settings.json's and its api_key is taken as written (Droid does
// not expand it); "${VAR}" in settings.json is the variable.
func TestResolveDroid(t *testing.T) {
	const settings = `{
  "sessionDefaultSettings": {"model": "%s"},
  "customModels": [
    {"model": "gpt-4o", "displayName": "GW", "baseUrl": "https://gw.example/api/v1", "apiKey": "${GW_KEY}", "provider": "generic-chat-completion-api"},
    {"model": "claude-sonnet-4-5", "displayName": "GW", "baseUrl": "https://gw.example/api", "apiKey": "sk-test-claude-0123456789", "provider": "anthropic"}
  ]
}`
	const legacy = `{"custom_models": [{"model_display_name": "Old GW", "model": "gpt-5", "base_url": "https://old.example/v1", "api_key": "${NOT_EXPANDED}", "provider": "openai"}]}`
	for _, tt := range []struct {
		selected, base, key, keyName string
		proto                        gateway.Protocol
	}{
		{"custom:GW-0", "https://gw.example/api/v1", testKey, "GW_KEY", gateway.Chat},
		{"custom:GW-1", "https://gw.example/api", "sk-test-claude-0123456789", "customModels.1.apiKey", gateway.Messages},
		{"custom:Old-GW-0", "https://old.example/v1", "${NOT_EXPANDED}", "custom_models.0.api_key", gateway.Responses},
	} {
		t.Run(tt.selected, func(t *testing.T) {
			e, dir := envtest.Home(t, map[string]string{
				".factory/settings.json": fmt.Sprintf(settings, tt.selected),
				".factory/config.json":   legacy,
			}, map[string]string{"GW_KEY": testKey})
			s := discover.Discover(e, discover.Options{Project: dir})
			d, ok := s.Tool(string(droid.ID))
			if !ok {
				t.Fatalf("droid not resolved; problems %+v", s.Problems)
			}
			if d.Base.Value != tt.base || d.Key.Value != tt.key || d.KeyName != tt.keyName || d.Rule.Protocol != tt.proto {
				t.Errorf("base %q key %q (%s) protocol %s", d.Base.Value, d.Key.Value, d.KeyName, d.Rule.Protocol)
			}
			if d.Rule.Protocol == gateway.Messages && (d.Rule.BaseHasVersion || d.Auth != gateway.AuthXAPIKey) {
				t.Errorf("the anthropic provider's rule: %+v, auth %s", d.Rule, d.Auth)
			}
		})
	}
}
