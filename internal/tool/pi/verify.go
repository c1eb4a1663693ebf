package pi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
	"github.com/tailscale/hujson"
)

// VerifyRead is verify's Reader: Pi's resolved triple, the provider the
// scratch agent directory must redirect and its wire rule.
func (impl) VerifyRead(s *discover.Snapshot, t tool.Tool) (verify.Configured, error) {
	c, err := verify.FromOwn(s, t)
	if err != nil {
		return c, err
	}
	provider, model, p, _ := StateOf(s).Effective()
	c.Provider = provider.Value
	if rule := Rule(p.APIOf(model.Value).Value); rule != t.Tool {
		c.Rule = &rule
	}
	if own, _ := s.Own(ID); own.KeyCommand {
		// pi runs the command itself; keydoctor never does, so the key
		// sent cannot be compared.
		c.Key, c.KeySource, c.Auth = "", "", own.Rule.Auth
		c.Notes = append(c.Notes, "apiKey is a command pi runs at each request: the key sent is not compared")
	}
	return c, nil
}

// VerifyRedirect is verify's Redirector: a scratch agent directory
// ({data}, given as PI_CODING_AGENT_DIR) holds models.json with the
// provider's baseUrl (and its model's own, when it has one) pointed at
// the relay, settings.json selecting the provider and model pi would use
// in the project, and auth.json with the provider's key alone: the
// user's files are only read.
func (impl) VerifyRedirect(r *verify.Redirect) error {
	e, c := r.Env, r.Configured
	dir := filepath.Join(r.Tmp, "pi-agent")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	models, err := readObject(ModelsFile(e), true)
	if err != nil {
		return err
	}
	provs, _ := models[Providers].(map[string]any)
	prov, ok := provs[c.Provider].(map[string]any)
	if !ok {
		return fmt.Errorf("%s has no provider %q", e.Tilde(ModelsFile(e)), c.Provider)
	}
	prov[BaseURL] = r.RelayBase
	list, _ := prov[Models].([]any)
	for _, m := range list {
		if m, ok := m.(map[string]any); ok && m[ModelID] == c.Model && m[BaseURL] != nil {
			m[BaseURL] = r.RelayBase
		}
	}
	settings, err := readObject(SettingsFile(e), false)
	if err != nil {
		return err
	}
	settings[DefaultProvider], settings[DefaultModel] = c.Provider, c.Model
	auth := map[string]any{}
	if all, err := readObject(AuthFile(e), false); err == nil && all[c.Provider] != nil {
		auth[c.Provider] = all[c.Provider]
	}
	for name, doc := range map[string]map[string]any{"models.json": models, "settings.json": settings, "auth.json": auth} {
		b, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			return err
		}
	}
	r.Inv.Env = append(r.Inv.Env, AgentDirVar+"="+dir)
	r.Vars["{data}"] = dir
	return nil
}

// readObject reads a JSON (or, with jsonc, JSON with comments) object; a
// missing file is an empty one.
func readObject(path string, jsonc bool) (map[string]any, error) {
	out := map[string]any{}
	b, err := safefile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return out, nil
	}
	if jsonc {
		if b, err = hujson.Standardize(b); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}
