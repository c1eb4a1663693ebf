package cline_test

import (
	"fmt"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
)

// testKey is an obvious fake key.
const testKey = "sk-test-0123456789abcdef0123"

// home writes files (relative to a temp home) and returns an Env whose
// variables are vars plus HOME.
var home = envtest.Home

func TestClineActiveProvider(t *testing.T) {
	e, dir := home(t, map[string]string{
		".cline/data/settings/providers.json": `{"version":1,"lastUsedProvider":"b","providers":{
"a":{"settings":{"baseUrl":"https://a.example/v1","apiKey":"k","model":"m"},"updatedAt":"x"},
"b":{"settings":{"baseUrl":"https://b.example/v1","apiKey":"` + testKey + `","model":"mb"},"updatedAt":"x"}}}`,
	}, nil)
	s := discover.Discover(e, discover.Options{Project: dir})
	c, ok := s.Tool("cline")
	if !ok {
		t.Fatal("cline not resolved")
	}
	if c.Base.Value != "https://b.example/v1" || c.Base.Source.Line != 3 || c.Model.Value != "mb" {
		t.Errorf("cline = %+v", c)
	}
}

func TestClineEntryAuth(t *testing.T) {
	entry := `"%s":{"settings":{"provider":"%s","baseUrl":"https://gw.example","apiKey":"k","model":"m"},"updatedAt":"x"}`
	for _, tt := range []struct {
		id, provider string
		want         gateway.Auth
	}{
		{"openai-compatible", "openai-compatible", gateway.AuthBearer},
		{"anthropic", "anthropic", gateway.AuthXAPIKey},
		{"mine", "anthropic", gateway.AuthXAPIKey},
	} {
		doc := fmt.Sprintf(`{"lastUsedProvider":%q,"providers":{`+entry+`}}`, tt.id, tt.id, tt.provider)
		e, dir := home(t, map[string]string{".cline/data/settings/providers.json": doc}, nil)
		s := discover.Discover(e, discover.Options{Project: dir})
		c, ok := s.Own(cline.ID)
		en, _ := cline.StateOf(s).Active()
		if !ok || c.Auth != tt.want || en.Provider.Value != tt.provider || en.Provider.Source.Key != "providers."+tt.id+".settings.provider" {
			t.Errorf("%s/%s: auth %q provider %+v", tt.id, tt.provider, c.Auth, en.Provider)
		}
	}
}
