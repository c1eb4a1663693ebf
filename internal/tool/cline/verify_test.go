package cline_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// verifyKey is the fake key of verify's tests.
const verifyKey = "sk-test-0123456789abcdef0123"

// TestVerifyReadAnthropic: Cline's anthropic provider sends POST
// {baseUrl}/messages with x-api-key (3.0.65, docs/tools.md); verify
// expects that path, not /chat/completions.
func TestVerifyReadAnthropic(t *testing.T) {
	e, _ := envtest.Home(t, nil, nil)
	envtest.Write(t, filepath.Join(e.Home, ".cline", "data", "settings", "providers.json"),
		`{"version":1,"lastUsedProvider":"anthropic","providers":{"anthropic":{"settings":{"provider":"anthropic","apiKey":"`+verifyKey+`","model":"claude-sonnet-4-5","baseUrl":"https://gw.example/api/v1"},"updatedAt":"2026-11-29T21:35:09.883Z","tokenSource":"manual"}}}`)
	c, err := verify.Read(e, cline.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	tg, err := verify.TargetFor(c)
	if err != nil {
		t.Fatal(err)
	}
	if c.Auth != gateway.AuthXAPIKey || tg.WantPath != "/api/v1/messages" {
		t.Errorf("auth %q, want path %q", c.Auth, tg.WantPath)
	}
}

func TestVerifyRead(t *testing.T) {
	e, _ := envtest.Home(t, nil, nil)
	envtest.Write(t, filepath.Join(e.Home, ".cline", "data", "settings", "providers.json"),
		`{"version":1,"lastUsedProvider":"openai-compatible","providers":{"openai-compatible":{"settings":{"provider":"openai-compatible","apiKey":"`+verifyKey+`","model":"gpt-4o","baseUrl":"https://gw.example/api/v1"},"updatedAt":"2026-11-29T21:35:09.883Z","tokenSource":"manual"}}}`)
	c, err := verify.Read(e, cline.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if c.Base != "https://gw.example/api/v1" || c.Model != "gpt-4o" || c.Key != verifyKey || c.Auth != gateway.AuthBearer {
		t.Errorf("got %+v", c)
	}
	envtest.Write(t, filepath.Join(e.Home, ".cline", "data", "settings", "providers.json"), `{"lastUsedProvider":"x","providers":{}}`)
	if _, err := verify.Read(e, cline.ID, ""); err == nil || !strings.Contains(err.Error(), `lastUsedProvider "x" has no entry`) {
		t.Errorf("err = %v", err)
	}
}

func TestVerifyReadFromDiscover(t *testing.T) {
	t.Run("cline anthropic provider sends x-api-key", func(t *testing.T) {
		e, _ := envtest.Home(t, nil, nil)
		envtest.Write(t, filepath.Join(e.Home, ".cline", "data", "settings", "providers.json"),
			`{"lastUsedProvider":"anthropic","providers":{"anthropic":{"settings":{"provider":"anthropic","apiKey":"`+verifyKey+`","baseUrl":"https://gw.example/api"},"updatedAt":"x"}}}`)
		c, err := verify.Read(e, cline.ID, "")
		if err != nil || c.Auth != gateway.AuthXAPIKey || c.Provider != "anthropic" || c.Model != "" || c.ModelSource != "" {
			t.Errorf("got %+v, %v", c, err)
		}
	})
}
