package profile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

func TestLoadPrecedence(t *testing.T) {
	e := testEnv(t, map[string]string{
		"TAOTOKEN_BASE_URL":   "https://preset.example.com/api/v1",
		"TAOTOKEN_MODEL":      "preset-model",
		"TAOTOKEN_API_KEY":    testKey,
		"KEYDOCTOR_MODEL":     "kd-model",
		"OTHER_KEY":           "sk-other-0123456789abcdef",
		"KEYDOCTOR_BASE_URL":  "",
		"KEYDOCTOR_API_KEY":   "",
		"KEYDOCTOR_PRESET":    "",
		"KEYDOCTOR_UNRELATED": "x",
	})
	cfg := filepath.Join(e.KeydoctorDir(), "config.yaml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o700); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(cfg, []byte("model: cfg-model\nbackground_model: cfg-bg\nbase_url: https://cfg.example.com\n"), 0o600)

	p, err := Load(e, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(name, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	check("base", p.BaseURL, "https://preset.example.com/api") // preset var beats config; normalised
	check("base source", p.Source(gateway.FieldBaseURL), "TAOTOKEN_BASE_URL")
	check("model", p.Model, "kd-model") // KEYDOCTOR_* beats preset var
	check("model source", p.Source(gateway.FieldModel), "KEYDOCTOR_MODEL")
	check("background", p.BackgroundModel, "cfg-bg")
	check("background source", p.Source(gateway.FieldBackgroundModel), filepath.FromSlash("~/.config/keydoctor/config.yaml"))
	check("key", p.Key, testKey)
	check("key var", p.KeyVar, "TAOTOKEN_API_KEY")

	// flags beat everything; --key-env names the variable
	p, err = Load(e, LoadOptions{BaseURL: "https://flag.example.com/v1/chat/completions", Model: "flag-model", KeyEnv: "OTHER_KEY"})
	if err != nil {
		t.Fatal(err)
	}
	check("flag base", p.BaseURL, "https://flag.example.com")
	check("flag model", p.Model, "flag-model")
	check("flag model source", p.Source(gateway.FieldModel), "--model")
	check("key-env key", p.Key, "sk-other-0123456789abcdef")
	check("key-env var", p.KeyVar, "OTHER_KEY")
	if len(p.Notes) != 1 || p.Notes[0].Code != "url-has-endpoint" {
		t.Errorf("notes = %v", p.Notes)
	}

	// stdin beats variables
	p, err = Load(e, LoadOptions{KeyStdin: strings.NewReader("sk-stdin-0123456789abcdef\r\n")})
	if err != nil {
		t.Fatal(err)
	}
	check("stdin key", p.Key, "sk-stdin-0123456789abcdef")
	check("stdin source", p.Source(gateway.FieldKey), "stdin")
}

func TestLoadDefaultsAndErrors(t *testing.T) {
	e := testEnv(t, nil)
	p, err := Load(e, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Preset != "taotoken" || p.BaseURL != "https://taotoken.net/api" || p.Source(gateway.FieldBaseURL) != "preset taotoken" {
		t.Errorf("defaults: %+v", p)
	}
	if err := Require(p, gateway.FieldKey); err == nil || !strings.Contains(err.(*gateway.UsageError).Hint, "TAOTOKEN_API_KEY") {
		t.Errorf("missing key should name the variable: %v", err)
	}

	var ue *gateway.UsageError
	if _, err := Load(e, LoadOptions{BaseURL: "ftp://x"}); !errors.As(err, &ue) || !strings.Contains(ue.Msg, "--base-url") {
		t.Errorf("bad URL: %v", err)
	}
	if _, err := Load(e, LoadOptions{KeyEnv: "UNSET_VAR"}); !errors.As(err, &ue) || !strings.Contains(ue.Msg, "UNSET_VAR") {
		t.Errorf("unset key var: %v", err)
	}
	// a key pasted where a variable name belongs is refused and not echoed
	_, err = Load(e, LoadOptions{KeyEnv: testKey})
	if !errors.As(err, &ue) || strings.Contains(err.Error(), testKey) {
		t.Errorf("key as --key-env value: %v", err)
	}
	if _, err := Load(e, LoadOptions{Preset: "nope"}); !errors.As(err, &ue) {
		t.Errorf("unknown preset: %v", err)
	}
	if _, err := Load(e, LoadOptions{KeyStdin: strings.NewReader("\n")}); !errors.As(err, &ue) {
		t.Errorf("empty stdin: %v", err)
	}
}

func TestLoadRejectsBrokenConfig(t *testing.T) {
	e := testEnv(t, nil)
	cfg := filepath.Join(e.KeydoctorDir(), "config.yaml")
	os.MkdirAll(filepath.Dir(cfg), 0o700)
	os.WriteFile(cfg, []byte("model: [unclosed\n"), 0o600)
	var ue *gateway.UsageError
	if _, err := Load(e, LoadOptions{}); !errors.As(err, &ue) || !strings.Contains(ue.Msg, "config.yaml") {
		t.Errorf("broken config: %v", err)
	}
}
