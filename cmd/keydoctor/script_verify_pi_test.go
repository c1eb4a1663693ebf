package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tailscale/hujson"
)

// fakePi reads its files as Pi 0.73.1 does (docs/tools.md, "Pi"): the
// agent directory is $PI_CODING_AGENT_DIR or ~/.pi/agent; models.json's
// provider that settings.json's defaultProvider names (the working
// directory's .pi/settings.json beating it), auth.json's key beating
// apiKey, which names a variable when one of that name is set. It sends
// POST {baseUrl}/chat/completions or /responses (Bearer), or
// {baseUrl}/v1/messages (x-api-key) for anthropic-messages. Without
// PI_OFFLINE it refuses to start: a real pi would look up its updates.
func fakePi(args []string) error {
	if !slices.Contains(args, "-p") {
		return errors.New("no -p: pi would start its terminal interface")
	}
	if os.Getenv("PI_OFFLINE") == "" {
		return errors.New("PI_OFFLINE is not set: pi would contact pi.dev and npm at start")
	}
	dir := os.Getenv("PI_CODING_AGENT_DIR")
	if dir == "" {
		dir = filepath.Join(os.Getenv("HOME"), ".pi", "agent")
	}
	var models struct {
		Providers map[string]struct {
			BaseURL, API, APIKey string
			Models               []struct{ ID string }
		}
	}
	var settings struct{ DefaultProvider, DefaultModel string }
	var auth map[string]struct{ Type, Key string }
	for _, f := range []struct {
		path string
		v    any
	}{{filepath.Join(dir, "models.json"), &models}, {filepath.Join(dir, "settings.json"), &settings}, {".pi/settings.json", &settings}, {filepath.Join(dir, "auth.json"), &auth}} {
		b, err := os.ReadFile(f.path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if b, err = hujson.Standardize(b); err != nil {
			return fmt.Errorf("%s: %v", f.path, err)
		}
		if err := json.Unmarshal(b, f.v); err != nil {
			return fmt.Errorf("%s: %v", f.path, err)
		}
	}
	p, ok := models.Providers[settings.DefaultProvider]
	if !ok {
		return fmt.Errorf("no model available (provider %q)", settings.DefaultProvider)
	}
	key := p.APIKey
	if v := os.Getenv(key); v != "" {
		key = v
	}
	if a, ok := auth[settings.DefaultProvider]; ok && a.Type == "api_key" {
		key = a.Key
	}
	base := strings.TrimRight(p.BaseURL, "/")
	hdr := http.Header{"User-Agent": {"OpenAI/JS 6.26.0"}, "Authorization": {"Bearer " + key}}
	switch p.API {
	case "anthropic-messages":
		return fakeSend("POST", base+"/v1/messages", http.Header{"User-Agent": {"Anthropic/JS 0.91.1"}, "X-Api-Key": {key}, "Anthropic-Version": {"2023-06-01"}}, settings.DefaultModel)
	case "openai-responses":
		return fakeSend("POST", base+"/responses", hdr, settings.DefaultModel)
	}
	return fakeSend("POST", base+"/chat/completions", hdr, settings.DefaultModel)
}
