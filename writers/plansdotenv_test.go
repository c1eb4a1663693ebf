package writers

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// PlansDotEnv counts only the .env a FormatDotEnv tool of the plan
// writes: a tool that merely reads the project .env does not write it.
func TestPlansDotEnv(t *testing.T) {
	home, project := testutil.TempDir(t), testutil.TempDir(t)
	o := Options{Env: env.FromMap(map[string]string{"HOME": home}), Project: project}
	envFile := filepath.Join(project, ".env")
	o.tools = []gateway.ToolID{"gemini", "qwen"}
	if o.PlansDotEnv(envFile) {
		t.Errorf("tools that read %s count as writing it", envFile)
	}
	o.tools = append(o.tools, "env") // the project .env's tool
	if !o.PlansDotEnv(envFile) {
		t.Errorf("the .env tool's %s is not planned", envFile)
	}
	if o.PlansDotEnv(filepath.Join(project, "sub", ".env")) || o.PlansDotEnv(filepath.Join(home, ".env")) {
		t.Error("a .env the plan does not write counts as planned")
	}
}
