package verify_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// Qwen Code's modelProviders entry for the model beats --openai-base-url:
// the run gets a system settings file whose list has that entry's baseUrl
// replaced by the relay; the variable it names and other entries stay.
func TestPrepareQwenRedirectsTheProviderEntry(t *testing.T) {
	e, _ := envtest.Home(t, nil, map[string]string{"MY_KEY": verifyKey})
	envtest.Write(t, filepath.Join(e.Home, ".qwen", "settings.json"), `{
  // mine
  "security": {"auth": {"selectedType": "openai", "baseUrl": "https://gw.example/api/v1"}},
  "model": {"name": "gpt-4o"},
  "modelProviders": {"openai": [
    {"id": "other", "baseUrl": "https://other.example/v1"},
    {"id": "gpt-4o", "baseUrl": "https://gw.example/api/v1", "envKey": "MY_KEY"}
  ]}
}`)
	c, err := verify.Read(e, gateway.ToolID("qwen"), testutil.TempDir(t))
	if err != nil {
		t.Fatal(err)
	}
	if c.Base != "https://gw.example/api/v1" || c.Key != verifyKey || !strings.Contains(c.BaseSource, "modelProviders.openai[1].baseUrl") {
		t.Fatalf("read %q from %s, key from %s", c.Base, c.BaseSource, c.KeySource)
	}
	tmp := testutil.TempDir(t)
	inv, err := verify.Prepare(e, c, "http://127.0.0.1:9/api/v1", tmp)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(tmp, "system-settings.json")
	if !strings.Contains(strings.Join(inv.Env, "\n"), "QWEN_CODE_SYSTEM_SETTINGS_PATH="+path) {
		t.Errorf("env = %q", inv.Env)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Privacy        map[string]bool                `json:"privacy"`
		ModelProviders map[string][]map[string]string `json:"modelProviders"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	want := []map[string]string{
		{"id": "other", "baseUrl": "https://other.example/v1"},
		{"id": "gpt-4o", "baseUrl": "http://127.0.0.1:9/api/v1", "envKey": "MY_KEY"},
	}
	if !reflect.DeepEqual(doc.ModelProviders["openai"], want) || doc.Privacy["usageStatisticsEnabled"] {
		t.Errorf("system settings = %s", b)
	}
	if strings.Contains(string(b)+strings.Join(inv.Args, " "), verifyKey) {
		t.Error("the key is in the settings or on the command line")
	}
}

// Without an entry for the model, the flag alone redirects: the settings
// file carries no list (which would replace the user's).
func TestPrepareQwenWithoutProviders(t *testing.T) {
	e, _ := envtest.Home(t, nil, nil)
	envtest.Write(t, filepath.Join(e.Home, ".qwen", "settings.json"), `{"security": {"auth": {"selectedType": "openai", "baseUrl": "https://gw.example/api/v1", "apiKey": "`+verifyKey+`"}}, "model": {"name": "gpt-4o"}}`)
	c, err := verify.Read(e, gateway.ToolID("qwen"), testutil.TempDir(t))
	if err != nil {
		t.Fatal(err)
	}
	tmp := testutil.TempDir(t)
	inv, err := verify.Prepare(e, c, "http://127.0.0.1:9/api/v1", tmp)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(inv.Args, " "), "--openai-base-url http://127.0.0.1:9/api/v1") {
		t.Errorf("args = %q", inv.Args)
	}
	b, _ := os.ReadFile(filepath.Join(tmp, "system-settings.json"))
	if strings.Contains(string(b), "modelProviders") {
		t.Errorf("system settings = %s", b)
	}
}

// Gemini CLI skips a system settings file that is not root's (and one
// under /tmp): the run's settings go to its working directory's
// .gemini/settings.json, which it merges over the user's.
func TestPrepareGeminiWritesWorkspaceSettings(t *testing.T) {
	e, _ := envtest.Home(t, nil, nil)
	envtest.Write(t, filepath.Join(e.Home, ".gemini", ".env"), "GOOGLE_GEMINI_BASE_URL=https://gw.example/api\nGEMINI_API_KEY="+verifyKey+"\nGEMINI_MODEL=gpt-4o\n")
	c, err := verify.Read(e, gateway.ToolID("gemini"), testutil.TempDir(t))
	if err != nil {
		t.Fatal(err)
	}
	inv, err := verify.Prepare(e, c, "http://127.0.0.1:9/api", testutil.TempDir(t))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(inv.Dir, ".gemini", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Security struct {
			Auth struct{ SelectedType string } `json:"auth"`
		} `json:"security"`
		Privacy map[string]bool `json:"privacy"`
	}
	if err := json.Unmarshal(b, &doc); err != nil || doc.Security.Auth.SelectedType != "gemini-api-key" || doc.Privacy["usageStatisticsEnabled"] {
		t.Errorf("settings = %s (%v)", b, err)
	}
	joined := strings.Join(inv.Env, "\n")
	if !strings.Contains(joined, "GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:9/api") || strings.Contains(joined, "SYSTEM_SETTINGS") {
		t.Errorf("env = %q", inv.Env)
	}
}
