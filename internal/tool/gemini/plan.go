package gemini

import (
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/writers"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// PlanFiles gives Gemini CLI the triple (docs/tools.md, "Gemini CLI"):
// the three variables in ~/.gemini/.env, and the API-key auth type in
// settings.json (a minimal edit: every other byte kept). Gemini CLI reads
// only the first .env it finds walking up from where it starts, so a
// project .env (the preset's, say) hides ~/.gemini/.env inside the
// project: then the triple also goes in PROJECT/.gemini/.env, which
// Gemini CLI looks for before PROJECT/.env, kept out of git.
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	p := o.Profile
	vars := [][2]string{{BaseURL, t.BaseFor(p)}, {APIKey, p.Key}, {Model, p.Model}}
	home, err := writers.SetEnvVars(Env(o.Env), vars, APIKey)
	if err != nil {
		return nil, err
	}
	settings, err := planSettings(Settings(o.Env))
	if err != nil {
		return nil, err
	}
	out := []*writers.Change{settings, home}
	shadow := shadowingEnv(o)
	if shadow == "" {
		return out, nil
	}
	local := ProjectEnv(o.Project)
	c, err := writers.SetEnvVars(local, vars, APIKey)
	if err != nil {
		return nil, err
	}
	c.Notef("%s would hide %s when Gemini CLI starts in the project: the triple goes in %s, read first", shadow, Env(o.Env), local)
	out = append(out, c)
	ign, err := writers.PlanGitignore(filepath.Dir(local), local)
	if err != nil {
		return nil, err
	}
	if ign != nil {
		ign.Tool = ID
		out = append([]*writers.Change{ign}, out...)
	}
	return out, nil
}

// shadowingEnv is the .env Gemini CLI started in the project would read
// instead of ~/.gemini/.env ("" when none would): the first that exists
// walking up, or the project .env setup is about to write.
func shadowingEnv(o writers.Options) string {
	own := Env(o.Env)
	project, err := filepath.Abs(o.Project)
	if err != nil {
		return ""
	}
	for _, f := range EnvFiles(o.Env, project) {
		if f == own {
			return ""
		}
		if o.PlansDotEnv(f) {
			return f
		}
		if _, err := os.Stat(f); err == nil {
			if f == ProjectEnv(project) {
				return f // already Gemini's own file in the project: keep it right
			}
			return f
		}
	}
	return ""
}

// planSettings saves the API-key auth type in settings.json.
func planSettings(path string) (*writers.Change, error) {
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := writers.ParseJSON(path, c.Old, true)
	if err != nil {
		return nil, err
	}
	if _, err := doc.Set(tool.Place{Key: AuthType}.Path(), APIKeyAuth); err != nil {
		return nil, err
	}
	c.New = doc.Bytes()
	c.Finish(false, 0o644)
	return c, nil
}
