package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/keydoctor/keydoctor/internal/format/json5pos"
)

// fakeOpenClaw: `agent exec [--config FILE] PROMPT` as OpenClaw 2026.9.6
// does it (docs/tools.md, "OpenClaw"): the JSON5 config of --config, else
// $OPENCLAW_CONFIG_PATH, else ~/.openclaw/openclaw.json; "${VAR}" replaced
// from the environment (unset: the load fails); a model entry without a
// name rejects the config; then one request of the primary model's
// provider, by its api.
func fakeOpenClaw(args []string) error {
	if len(args) < 2 || args[0] != "agent" || args[1] != "exec" {
		return fmt.Errorf("only 'agent exec' is faked")
	}
	path := os.Getenv("OPENCLAW_CONFIG_PATH")
	if path == "" {
		path = filepath.Join(os.Getenv("HOME"), ".openclaw", "openclaw.json")
	}
	for i := 2; i+1 < len(args); i++ {
		if args[i] == "--config" {
			path = args[i+1]
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var missing error
	b = regexp.MustCompile(`\$\{([A-Z_][A-Z0-9_]*)\}`).ReplaceAllFunc(b, func(ref []byte) []byte {
		name := string(ref[2 : len(ref)-1])
		v := os.Getenv(name)
		if v == "" && missing == nil {
			missing = fmt.Errorf("MissingEnvVarError: Missing env var %q referenced at config path", name)
		}
		return []byte(v)
	})
	if missing != nil {
		return missing
	}
	doc, err := json5pos.ParseDoc(b)
	if err != nil {
		return fmt.Errorf("JSON5 parse failed: %v", err)
	}
	provs := doc.Lookup("models", "providers")
	if provs != nil {
		for _, m := range provs.Members {
			for i, el := range m.Value.Get("models").Elems {
				if el.Get("name") == nil {
					return fmt.Errorf("Config invalid\n- models.providers.%s.models.%d.name: Invalid input", m.Key, i)
				}
			}
		}
	}
	primary, _ := doc.Lookup("agents", "defaults", "model", "primary").Text()
	id, model, _ := strings.Cut(primary, "/")
	p := doc.Lookup("models", "providers", id)
	base, _ := p.Get("baseUrl").Text()
	key, _ := p.Get("apiKey").Text()
	api, _ := p.Get("api").Text()
	base = strings.TrimRight(base, "/")
	if base == "" {
		return fmt.Errorf("no baseUrl for provider %q: refusing to call a vendor from a test", id)
	}
	hdr := http.Header{"Authorization": {"Bearer " + key}}
	switch api {
	case "anthropic-messages": // with or without /v1 (observed)
		hdr = http.Header{"X-Api-Key": {key}, "Anthropic-Version": {"2023-06-01"}}
		return fakeSend("POST", strings.TrimSuffix(base, "/v1")+"/v1/messages", hdr, model)
	case "openai-responses":
		return fakeSend("POST", base+"/responses", hdr, model)
	}
	return fakeSend("POST", base+"/chat/completions", hdr, model)
}
