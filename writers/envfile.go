package writers

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// planDotEnv sets the preset's three variables in the project's .env,
// the seeds' convention: the gateway root, the key, the model.
func planDotEnv(o Options, t tool.Tool) ([]*Change, error) {
	path := tool.DotEnvFile(o.Project)
	// The preset's names, not --key-env's: .env follows the preset.
	p := o.Profile
	names := tool.Vars{BaseURL: p.VarBaseURL, Key: p.VarKey, Model: p.VarModel}
	if o.DotEnvVars != nil {
		names = *o.DotEnvVars
	}
	c, err := SetEnvVars(path, [][2]string{
		{names.BaseURL, t.Base(p.BaseURL)},
		{names.Key, p.Key},
		{names.Model, p.Model},
	}, names.Key)
	if err != nil {
		return nil, err
	}
	out := []*Change{c}
	ign, err := PlanGitignore(o.Project, path)
	if err != nil {
		return nil, err
	}
	if ign != nil {
		ign.Tool = gateway.DotEnv
		c.Notef(".env added to %s so the key is not committed", ign.Path)
		out = append([]*Change{ign}, out...)
	}
	return out, nil
}

// PlanGitignore adds file (which lies in dir) to dir/.gitignore when dir
// is inside a git work tree and file is not ignored yet; nil otherwise.
func PlanGitignore(dir, envPath string) (*Change, error) {
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
	c, err := ReadFile(path)
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
	c.Finish(false, 0o644)
	c.order = -1 // before the .env it protects
	return c, nil
}
