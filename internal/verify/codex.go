package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/toolpaths"
	"github.com/pelletier/go-toml/v2"
)

// codexConfig is the part of config.toml that decides where Codex sends
// what.
type codexConfig struct {
	Model          string                   `toml:"model"`
	ModelProvider  string                   `toml:"model_provider"`
	Profile        string                   `toml:"profile"`
	OpenAIBaseURL  string                   `toml:"openai_base_url"`
	ModelProviders map[string]codexProvider `toml:"model_providers"`
	Profiles       map[string]struct {
		Model         string `toml:"model"`
		ModelProvider string `toml:"model_provider"`
	} `toml:"profiles"`
}

type codexProvider struct {
	Name               string `toml:"name"`
	BaseURL            string `toml:"base_url"`
	EnvKey             string `toml:"env_key"`
	WireAPI            string `toml:"wire_api"`
	RequiresOpenAIAuth bool   `toml:"requires_openai_auth"`
}

// codexBuiltin are provider ids Codex reserves; a [model_providers.ID]
// table with one of them is ignored.
var codexBuiltin = map[string]bool{"openai": true, "ollama": true, "lmstudio": true}

// ReadCodex reads the triple Codex will use from $CODEX_HOME/config.toml
// (and auth.json for requires_openai_auth).
func ReadCodex(e *env.Env) (Configured, error) {
	c := Configured{Tool: gateway.Codex, Auth: gateway.AuthBearer}
	path := toolpaths.CodexConfig(e)
	src := e.Tilde(path)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, fmt.Errorf("%s does not exist: Codex is not configured for a gateway", src)
	}
	if err != nil {
		return c, err
	}
	c.Files = append(c.Files, path)
	var cfg codexConfig
	if err := unmarshalTOML(b, &cfg); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, col := de.Position()
			return c, fmt.Errorf("%s does not parse at line %d, column %d: %v", src, line, col, de)
		}
		return c, fmt.Errorf("%s does not parse: %v", src, err)
	}
	c.Model, c.ModelSource = cfg.Model, src+" model"
	c.Provider = cfg.ModelProvider
	if p, ok := cfg.Profiles[cfg.Profile]; cfg.Profile != "" && ok {
		if p.Model != "" {
			c.Model, c.ModelSource = p.Model, src+" profiles."+cfg.Profile+".model"
		}
		if p.ModelProvider != "" {
			c.Provider = p.ModelProvider
		}
	}
	if c.Model == "" {
		c.ModelSource = ""
	}
	if c.Provider == "" {
		c.Provider = "openai"
	}
	if codexBuiltin[c.Provider] {
		if c.Provider != "openai" {
			return c, fmt.Errorf("%s uses Codex's built-in %s provider, a local server, not a gateway", src, c.Provider)
		}
		if _, ok := cfg.ModelProviders["openai"]; ok {
			c.Notes = append(c.Notes, "[model_providers.openai] is ignored: openai is a reserved provider id (config-ignored)")
		}
		c.Base, c.BaseSource = cfg.OpenAIBaseURL, src+" openai_base_url"
		if c.Base == "" {
			c.Base, c.BaseSource = e.Getenv("OPENAI_BASE_URL"), "$OPENAI_BASE_URL"
		}
		// The built-in provider takes its key from auth.json (codex login);
		// Codex 0.171 sent no key at all with only OPENAI_API_KEY exported.
		c.Key, c.KeySource = codexAuthKey(e)
		if c.Key == "" && e.Getenv("OPENAI_API_KEY") != "" {
			c.Notes = append(c.Notes, "OPENAI_API_KEY is exported but Codex's built-in openai provider reads its key from auth.json (codex login --with-api-key)")
		}
		return c, nil
	}
	p, ok := cfg.ModelProviders[c.Provider]
	if !ok {
		return c, fmt.Errorf("%s names model_provider %q but has no [model_providers.%s] table", src, c.Provider, c.Provider)
	}
	c.Base, c.BaseSource = p.BaseURL, fmt.Sprintf("%s model_providers.%s.base_url", src, c.Provider)
	if p.WireAPI == "chat" {
		c.Notes = append(c.Notes, fmt.Sprintf(`model_providers.%s.wire_api = "chat": Codex refuses to load it (codex-chat-wire)`, c.Provider))
	}
	switch {
	case p.EnvKey != "":
		c.Key, c.KeySource = e.Getenv(p.EnvKey), "$"+p.EnvKey
		if c.Key == "" {
			c.Notes = append(c.Notes, fmt.Sprintf("env_key names %s, which is not set (codex-env-key-unset)", p.EnvKey))
		}
	case p.RequiresOpenAIAuth:
		c.Key, c.KeySource = codexAuthKey(e)
	}
	return c, nil
}

// unmarshalTOML is toml.Unmarshal that turns a decoder panic (go-toml
// before 2.4 panicked on "[model.0]" under a string field) into an error: a
// user's broken file must be a finding, not a crash.
func unmarshalTOML(b []byte, v any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the TOML decoder failed: %v", p)
		}
	}()
	return toml.Unmarshal(b, v)
}

// codexAuthKey is OPENAI_API_KEY from $CODEX_HOME/auth.json.
func codexAuthKey(e *env.Env) (string, string) {
	path := toolpaths.CodexAuth(e)
	b, err := os.ReadFile(path)
	if err != nil {
		return "", ""
	}
	var auth struct {
		Key string `json:"OPENAI_API_KEY"`
	}
	if json.Unmarshal(b, &auth) != nil || auth.Key == "" {
		return "", ""
	}
	return auth.Key, e.Tilde(path) + " OPENAI_API_KEY"
}

// bareKey: a TOML bare key, which Codex's -c dotted path takes as is.
var bareKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// codexInvocation redirects one `codex exec` run with -c, which beats
// config.toml without touching it, in an empty directory, read-only, with
// nothing persisted.
func codexInvocation(c Configured, relayBase, tmp string) (Invocation, error) {
	override := "openai_base_url=" + tomlString(relayBase)
	if c.Provider != "openai" {
		if !bareKey.MatchString(c.Provider) {
			return Invocation{}, fmt.Errorf("the provider id %q cannot be overridden with -c (it is not a bare TOML key)", c.Provider)
		}
		override = "model_providers." + c.Provider + ".base_url=" + tomlString(relayBase)
	}
	work := filepath.Join(tmp, "work")
	if err := os.MkdirAll(work, 0o700); err != nil {
		return Invocation{}, err
	}
	return Invocation{
		Args: []string{"exec", "--skip-git-repo-check", "--ephemeral", "--sandbox", "read-only",
			"--color", "never", "--cd", work, "-c", override, Prompt},
		Dir: work,
	}, nil
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	b, _ := json.Marshal(s) // JSON string escapes are valid TOML basic-string escapes
	return string(b)
}
