package writers

import (
	"errors"
	"os"
	"path/filepath"
	"slices"

	"github.com/keydoctor/keydoctor/internal/dotenv"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// planGemini gives Gemini CLI the triple (docs/tools.md, "Gemini CLI"):
// the three variables in ~/.gemini/.env, and the API-key auth type in
// settings.json (a minimal edit: every other byte kept). Gemini CLI reads
// only the first .env it finds walking up from where it starts, so a
// project .env (the preset's, say) hides ~/.gemini/.env inside the
// project: then the triple also goes in PROJECT/.gemini/.env, which
// Gemini CLI looks for before PROJECT/.env, kept out of git.
func planGemini(o Options, t tool.Tool) ([]*Change, error) {
	p := o.Profile
	vars := [][2]string{{tool.GeminiBaseURL, t.Base(p.BaseURL)}, {tool.GeminiAPIKey, p.Key}, {tool.GeminiModel, p.Model}}
	home, err := SetEnvVars(tool.GeminiEnv(o.Env), vars, tool.GeminiAPIKey)
	if err != nil {
		return nil, err
	}
	settings, err := planGeminiSettings(tool.GeminiSettings(o.Env))
	if err != nil {
		return nil, err
	}
	out := []*Change{settings, home}
	shadow := geminiShadow(o)
	if shadow == "" {
		return out, nil
	}
	local := tool.GeminiProjectEnv(o.Project)
	c, err := SetEnvVars(local, vars, tool.GeminiAPIKey)
	if err != nil {
		return nil, err
	}
	c.Notef("%s would hide %s when Gemini CLI starts in the project: the triple goes in %s, read first", shadow, tool.GeminiEnv(o.Env), local)
	out = append(out, c)
	ign, err := PlanGitignore(filepath.Dir(local), local)
	if err != nil {
		return nil, err
	}
	if ign != nil {
		ign.Tool = gateway.GeminiCLI
		out = append([]*Change{ign}, out...)
	}
	return out, nil
}

// geminiShadow is the .env Gemini CLI started in the project would read
// instead of ~/.gemini/.env ("" when none would): the first that exists
// walking up, or the project .env setup is about to write.
func geminiShadow(o Options) string {
	own := tool.GeminiEnv(o.Env)
	project, err := filepath.Abs(o.Project)
	if err != nil {
		return ""
	}
	for _, f := range tool.GeminiEnvFiles(o.Env, project) {
		if f == own {
			return ""
		}
		if f == tool.DotEnvFile(project) && slices.Contains(o.tools, gateway.DotEnv) {
			return f
		}
		if _, err := os.Stat(f); err == nil {
			if f == tool.GeminiProjectEnv(project) {
				return f // already Gemini's own file in the project: keep it right
			}
			return f
		}
	}
	return ""
}

// planGeminiSettings saves the API-key auth type in settings.json.
func planGeminiSettings(path string) (*Change, error) {
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := ParseJSON(path, c.Old, true)
	if err != nil {
		return nil, err
	}
	if _, err := doc.Set(tool.Place{Key: tool.GeminiAuthType}.Path(), tool.GeminiAPIKeyAuth); err != nil {
		return nil, err
	}
	c.New = doc.Bytes()
	c.Finish(false, 0o644)
	return c, nil
}

// SetEnvVars plans setting variables in a .env file (0600: it holds the key),
// every other line kept.
func SetEnvVars(path string, vars [][2]string, keyVar string) (*Change, error) {
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := dotenv.Parse(c.Old)
	if err != nil {
		var se *dotenv.SyntaxError
		if errors.As(err, &se) {
			return nil, &RefusedError{Path: path, Line: se.Line, Col: se.Col, Reason: se.Msg, Hint: "fix that line by hand, then run setup again"}
		}
		return nil, Refuse(path, "", "%v", err)
	}
	for _, kv := range vars {
		if old, ok := f.Get(kv[0]); ok && kv[0] == keyVar {
			c.AddSecrets(old)
		}
		if _, err := f.Set(kv[0], kv[1]); err != nil {
			return nil, err
		}
	}
	c.New = f.Bytes()
	c.Finish(true, 0o600)
	return c, nil
}
