package dotenv

import (
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/dotenv"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/templates"

	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// PlanFiles sets the preset's three variables in the project's .env,
// the seeds' convention: the gateway root, the key, the model.
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	path := File(o.Project)
	// The preset's names, not --key-env's: .env follows the preset.
	p := o.Profile
	names := tool.Vars{BaseURL: p.VarBaseURL, Key: p.VarKey, Model: p.VarModel}
	if o.DotEnvVars != nil {
		names = *o.DotEnvVars
	}
	c, err := writers.SetEnvVars(path, [][2]string{
		{names.BaseURL, t.BaseFor(p)},
		{names.Key, p.Key},
		{names.Model, p.Model},
	}, names.Key)
	if err != nil {
		return nil, err
	}
	out := []*writers.Change{c}
	ign, err := writers.PlanGitignore(o.Project, path)
	if err != nil {
		return nil, err
	}
	if ign != nil {
		ign.Tool = ID
		c.Notef(".env added to %s so the key is not committed", ign.Path)
		out = append([]*writers.Change{ign}, out...)
	}
	return out, nil
}

// PlanEdit adds the project's .env to its .gitignore
// (writers.EditIgnoreEnv).
func (impl) PlanEdit(o writers.Options, e writers.Edit, p *writers.Plan) (bool, error) {
	if e.Kind != writers.EditIgnoreEnv {
		return false, nil
	}
	ign, err := writers.PlanGitignore(o.Project, File(o.Project))
	if err != nil || ign == nil {
		return true, err
	}
	abs, _ := filepath.Abs(ign.Path)
	if p.Find(abs) != nil {
		return true, nil // the .env's triple plan adds it already
	}
	ign.Tool = ID
	return true, p.Add(ign)
}

// PlanSetBase sets the base URL variable alone (writers.EditSetBase),
// every other line kept, on top of any change the plan already has for
// the file (its mode tightened); the key beside it is masked in the diff.
func (impl) PlanSetBase(o writers.Options, e writers.Edit, p *writers.Plan) error {
	c, err := p.ChangeFor(ID, e.Path)
	if err != nil {
		return err
	}
	f, err := dotenv.Parse(c.New)
	if err != nil {
		return writers.Refuse(e.Path, "", "%v", err)
	}
	if k, ok := f.Get(strings.TrimSuffix(e.Key, "_BASE_URL") + "_API_KEY"); ok {
		c.AddSecrets(k)
	}
	if _, err := f.Set(e.Key, e.Value); err != nil {
		return err
	}
	c.New = f.Bytes()
	return nil
}

// KeptNames keeps, on use, the variable names the project's .env holds
// its triple under when they are another preset's than the profile's
// (setup.NamesKeeper): the project's code reads those names. holds says
// the .env holds a triple under any preset's names, so that use switches
// it too.
func (impl) KeptNames(snap *discover.Snapshot, p gateway.Profile) (vars *tool.Vars, holds bool) {
	st := StateOf(snap)
	if !st.Exists {
		return nil, false
	}
	for _, pr := range templates.Presets() {
		if _, ok := st.Vars[pr.Vars.BaseURL]; !ok {
			continue
		}
		if pr.Vars.BaseURL != p.VarBaseURL {
			vars = &tool.Vars{BaseURL: pr.Vars.BaseURL, Key: pr.Vars.APIKey, Model: pr.Vars.Model}
		}
		return vars, true
	}
	return nil, false
}
