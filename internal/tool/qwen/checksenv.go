package qwen

import (
	"fmt"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool/openai"
	"github.com/tidwall/gjson"
)

// qwenEnvOverrides reports OPENAI_BASE_URL and OPENAI_API_KEY, from the
// shell or from the .env Qwen Code loads, that differ from settings.json:
// unlike the model, these variables beat security.auth.baseUrl and apiKey
// (✓ Qwen Code 0.15.10: a stale ~/.qwen/.env key was sent, 401).
func qwenEnvOverrides(e *env.Env, project string, settings []byte) []doctor.Finding {
	t := Tool
	dotenvPath := checks.FirstDotEnv(project, t.DotEnv.Names)
	if dotenvPath == "" {
		dotenvPath = t.DotEnv.Own(e)
	}
	loaded := checks.ReadDotEnv(dotenvPath)
	path := Settings(e)
	var out []doctor.Finding
	for _, v := range []struct{ name, key string }{{openai.BaseURL, BaseURL}, {openai.APIKey, APIKey}} {
		mine := gjson.GetBytes(settings, v.key).String()
		if mine == "" {
			continue
		}
		val, from, at := "", "", discover.Source{Key: v.name}
		if s, ok := e.Lookup(v.name); ok {
			val, from = s, "the shell"
		} else if s, ok := loaded[v.name]; ok {
			val, from, at.File = s, e.Tilde(dotenvPath), dotenvPath
		}
		if from == "" || val == mine {
			continue
		}
		shown := fmt.Sprintf("%q", val)
		settingsAt := discover.Source{File: path, Key: v.key}
		s := catalog.Slots{Remove: checks.RemoveFix(e, at), Was: "the variable's key", Edit: checks.SetKeyAt(e, settingsAt, "that key")}
		if v.name == openai.APIKey {
			shown = doctor.ShowKey(val)
		} else {
			s.Was, s.Edit = shown, checks.SetAt(e, settingsAt, val)
		}
		out = append(out, doctor.Finding{Code: catalog.ValueOverridden, Status: doctor.Error, Tool: qwenID,
			Message: fmt.Sprintf("Qwen Code sends %s=%s from %s, not %s from %s: the variable beats settings.json",
				v.name, shown, from, v.key, e.Tilde(path)),
			Fix: catalog.Render(catalog.ValueOverridden, s), Source: e.Tilde(path)})
	}
	return out
}
