package writers

import (
	"errors"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/dotenv"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tools"
)

// planDotEnv sets the preset's three variables in the project's .env,
// the seeds' convention: the gateway root, the key, the model.
func planDotEnv(o Options, t tools.Tool) ([]*Change, error) {
	path := tools.DotEnvFile(o.Project)
	c, err := readFile(path)
	if err != nil {
		return nil, err
	}
	f, err := dotenv.Parse(c.Old)
	if err != nil {
		var se *dotenv.SyntaxError
		if errors.As(err, &se) {
			return nil, &RefusedError{Path: path, Line: se.Line, Col: se.Col, Reason: se.Msg, Hint: "fix that line by hand, then run setup again"}
		}
		return nil, refuse(path, "", "%v", err)
	}
	// The preset's names, not --key-env's: .env follows the preset.
	p := o.Profile
	for _, kv := range [][2]string{
		{p.VarBaseURL, t.Base(p.BaseURL)},
		{p.VarKey, p.Key},
		{p.VarModel, p.Model},
	} {
		if old, ok := f.Get(kv[0]); ok && kv[0] == p.VarKey {
			c.addSecrets(old)
		}
		if _, err := f.Set(kv[0], kv[1]); err != nil {
			return nil, err
		}
	}
	c.New = f.Bytes()
	c.finish(true, 0o600)
	out := []*Change{c}
	ign, err := planGitignore(o.Project, path)
	if err != nil {
		return nil, err
	}
	if ign != nil {
		ign.Tool = gateway.DotEnv
		c.notef(".env added to %s so the key is not committed", ign.Path)
		out = append([]*Change{ign}, out...)
	}
	return out, nil
}

// planGitignore adds .env to the project's .gitignore when the project is
// inside a git work tree and .env is not ignored yet; nil otherwise.
func planGitignore(project, envPath string) (*Change, error) {
	return planGitignoreIn(project, envPath)
}

// planGitignoreIn adds file (which lies in dir) to dir/.gitignore when dir
// is inside a git work tree and file is not ignored yet; nil otherwise.
func planGitignoreIn(dir, envPath string) (*Change, error) {
	project := dir
	abs, err := filepath.Abs(envPath)
	if err != nil {
		return nil, err
	}
	root := gitRoot(filepath.Dir(abs))
	if root == "" || gitIgnored(root, abs) {
		return nil, nil
	}
	path := filepath.Join(project, ".gitignore")
	c, err := readFile(path)
	if err != nil {
		return nil, err
	}
	line := "/" + filepath.Base(envPath)
	eol := lineEnding(c.Old)
	if len(c.Old) > 0 && c.Old[len(c.Old)-1] != '\n' {
		c.New = append(append(append([]byte(nil), c.Old...), eol...), line+eol...)
	} else {
		c.New = append(append([]byte(nil), c.Old...), line+eol...)
	}
	c.finish(false, 0o644)
	c.order = -1 // before the .env it protects
	return c, nil
}
