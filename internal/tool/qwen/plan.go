package qwen

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// authOption is setup's --qwen-auth: how the files hold the key.
var authOption = tool.Option{Name: "qwen-auth", Title: "Qwen Code auth", Values: []string{"file", "env"},
	Usage: "where Qwen Code finds the key: file (settings.json) or env (a modelProviders entry whose envKey names the preset's variable)"}

// PlanFiles writes Qwen Code's settings.json with the generic planner: the
// triple at Keys, and with --qwen-auth env a modelProviders entry whose
// envKey names the profile's variable instead of the key.
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	return writers.JSONKeys{EnvAuth: o.Option(authOption.Name) == "env"}.PlanFiles(o, t)
}

// PlanKeptForms keeps, on use, the modelProviders envKey form (when the
// profile's key is in a variable for it to name).
func (impl) PlanKeptForms(_ *discover.Snapshot, t discover.Tool, keyInVar bool) map[string]string {
	if t.KeyVar.Set() && keyInVar {
		return map[string]string{authOption.Name: "env"}
	}
	return nil
}
