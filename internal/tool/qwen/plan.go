package qwen

import (
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// PlanFiles writes Qwen Code's settings.json with the generic planner: the
// triple at Keys, and with --qwen-auth env a modelProviders entry whose
// envKey names the profile's variable instead of the key.
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	return writers.JSONKeys{EnvAuth: o.QwenAuth == "env"}.PlanFiles(o, t)
}
