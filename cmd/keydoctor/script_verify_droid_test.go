package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tailscale/hujson"
)

// fakeDroid is Factory Droid 0.225.2's exec as docs/tools.md records it:
// the custom model of -m (else sessionDefaultSettings.model) from the
// --settings file, else ~/.factory/settings.json (JSON with comments); an
// id is "custom:" + displayName, spaces a "-", + "-n" counting the earlier
// entries of that name in the file; "${VAR}" keys expanded; POST per
// provider. It refuses to run without FACTORY_AIRGAP_ENABLED=true (it
// would look Factory's services up). A failure prints only "Exec failed"
// and writes its cause to ~/.factory/logs/droid-log-single.log.
func fakeDroid(args []string) error {
	if os.Getenv("FACTORY_AIRGAP_ENABLED") != "true" {
		return errors.New("FACTORY_AIRGAP_ENABLED is not true: refusing to contact Factory from a test")
	}
	type entry struct{ Model, DisplayName, BaseURL, APIKey, Provider string }
	type settings struct {
		CustomModels           []entry
		SessionDefaultSettings struct{ Model string }
	}
	var levels []settings
	model := ""
	read := func(path string) error {
		b, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if b, err = hujson.Standardize(b); err != nil {
			return err
		}
		var s settings
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		levels = append(levels, s)
		return nil
	}
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "--settings":
			if err := read(args[i+1]); err != nil {
				return err
			}
		case "-m":
			model = args[i+1]
		}
	}
	if err := read(filepath.Join(os.Getenv("HOME"), ".factory", "settings.json")); err != nil {
		return err
	}
	for _, l := range levels {
		if model == "" {
			model = l.SessionDefaultSettings.Model
		}
	}
	var e *entry
	for _, l := range levels {
		seen := map[string]int{}
		for i := range l.CustomModels {
			name := strings.Join(strings.Fields(l.CustomModels[i].DisplayName), "-")
			if id := fmt.Sprintf("custom:%s-%d", name, seen[name]); id == model && e == nil {
				e = &l.CustomModels[i]
			}
			seen[name]++
		}
	}
	if e == nil {
		return fmt.Errorf("Invalid model: %s", model)
	}
	key := e.APIKey
	if strings.HasPrefix(key, "${") && strings.HasSuffix(key, "}") {
		key = os.Getenv(key[2 : len(key)-1])
	}
	base := strings.TrimRight(e.BaseURL, "/")
	hdr := http.Header{"User-Agent": {"factory-cli/0.225.2"}, "Authorization": {"Bearer " + key}}
	url := base + "/chat/completions"
	switch e.Provider {
	case "anthropic":
		hdr = http.Header{"User-Agent": {"factory-cli/0.225.2"}, "X-Api-Key": {key}, "Anthropic-Version": {"2023-06-01"}}
		url = base + "/v1/messages"
	case "openai":
		url = base + "/responses"
	}
	if err := fakeSend("POST", url, hdr, e.Model); err != nil {
		return fakeDroidFailed(err)
	}
	return nil
}

// fakeDroidFailed logs the cause as Droid does and says only "Exec failed".
func fakeDroidFailed(cause error) error {
	dir := filepath.Join(os.Getenv("HOME"), ".factory", "logs")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(dir, "droid-log-single.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	ctx, _ := json.Marshal(map[string]any{"reason": "authError", "error": map[string]string{"name": "Error", "message": cause.Error()}})
	fmt.Fprintf(f, "[%s] INFO: [tui-startup] Startup phase completed | Context: {\"phase\":\"runtime_boot\"}\n", now)
	fmt.Fprintf(f, "[%s] WARN: [LLM] Chat route failure | Context: %s\n", now, ctx)
	fmt.Fprintf(f, "[%s] ERROR: Error running droid command\nMetaError: Exec failed\n", now)
	return errors.New("Error during droid execution: Exec failed")
}
