package verify

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// The turn runs in an empty directory, so the --settings file repeats the
// project's and local settings (local winning), with the relay as base.
func TestPrepareClaudeRepeatsProjectSettings(t *testing.T) {
	e := testEnv(t, nil)
	project := testutil.TempDir(t)
	write(t, filepath.Join(e.Home, ".claude", "settings.json"), `{"env":{"ANTHROPIC_BASE_URL":"https://user.example/api","USER_ONLY":"u"}}`)
	write(t, filepath.Join(project, ".claude", "settings.json"), `{"model":"project-model","env":{"A":"project","B":"project"}}`)
	write(t, filepath.Join(project, ".claude", "settings.local.json"), `{"env":{"B":"local","ANTHROPIC_AUTH_TOKEN":"`+testKey+`"}}`)
	c, err := Read(e, gateway.Claude, project)
	if err != nil {
		t.Fatal(err)
	}
	tmp := testutil.TempDir(t)
	inv, err := Prepare(e, c, "http://127.0.0.1:9/api", tmp)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(tmp, "keydoctor-verify-settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Model string            `json:"model"`
		Env   map[string]string `json:"env"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"A": "project", "B": "local", "ANTHROPIC_AUTH_TOKEN": testKey, "ANTHROPIC_BASE_URL": "http://127.0.0.1:9/api"}
	if doc.Model != "project-model" || !reflect.DeepEqual(doc.Env, want) {
		t.Errorf("settings = %+v", doc)
	}
	if strings.Contains(strings.Join(inv.Args, " "), testKey) {
		t.Error("the key is on the command line")
	}
}

func TestReadFromDiscover(t *testing.T) {
	t.Run("claude from the shell alone", func(t *testing.T) {
		e := testEnv(t, map[string]string{"ANTHROPIC_BASE_URL": "https://shell.example/api", "ANTHROPIC_AUTH_TOKEN": testKey})
		c, _ := Read(e, gateway.Claude, testutil.TempDir(t))
		if c.Base != "https://shell.example/api" || c.BaseSource != "$ANTHROPIC_BASE_URL" || c.Auth != gateway.AuthBearer || c.KeySource != "$ANTHROPIC_AUTH_TOKEN" {
			t.Errorf("got %s %s %s %s", c.Base, c.BaseSource, c.Auth, c.KeySource)
		}
	})
	t.Run("codex: a value of the wrong type stops the turn", func(t *testing.T) {
		e := testEnv(t, nil)
		write(t, filepath.Join(e.Home, ".codex", "config.toml"), "model = 5\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/v1\"\n")
		if _, err := Read(e, gateway.Codex, ""); err == nil || !strings.Contains(err.Error(), "config.toml:1: model must be a string") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("cline anthropic provider sends x-api-key", func(t *testing.T) {
		e := testEnv(t, nil)
		write(t, filepath.Join(e.Home, ".cline", "data", "settings", "providers.json"),
			`{"lastUsedProvider":"anthropic","providers":{"anthropic":{"settings":{"provider":"anthropic","apiKey":"`+testKey+`","baseUrl":"https://gw.example/api"},"updatedAt":"x"}}}`)
		c, err := Read(e, gateway.Cline, "")
		if err != nil || c.Auth != gateway.AuthXAPIKey || c.Provider != "anthropic" || c.Model != "" || c.ModelSource != "" {
			t.Errorf("got %+v, %v", c, err)
		}
	})
}
