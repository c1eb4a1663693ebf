package writers

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// BenchmarkPlanRealHome plans every tool over a home full of real-looking
// files (the work done before the diff or the confirmation is shown).
func BenchmarkPlanRealHome(b *testing.B) {
	t := &testing.T{}
	o := testOptions(t)
	o.Env.Home = testutil.TempDir(b)
	o.Project = filepath.Join(o.Env.Home, "project")
	writeFileB(b, tool.ClaudeSettings(o.Env, tool.ClaudeUser, ""), claudeSettingsWithHooks)
	writeFileB(b, tool.CodexConfig(o.Env), codexConfigRealLooking)
	writeFileB(b, tool.ClineProvidersFile(o.Env), `{"version":1,"providers":{"anthropic":{"settings":{},"updatedAt":"2026-01-01T00:00:00.000Z","tokenSource":"manual"}}}`)
	writeFileB(b, tool.DotEnvFile(o.Project), "# x\nexport A=1\nTAOTOKEN_MODEL=old\n")
	writeFileB(b, tool.Editors(o.Env)[0].VSCodeSettings(), vscodeSettings)
	tools := []gateway.ToolID{gateway.Claude, gateway.Codex, gateway.Cline, gateway.VSCode, gateway.DotEnv}
	b.ResetTimer()
	for b.Loop() {
		p, err := MakePlan(o, tools)
		if err != nil {
			b.Fatal(err)
		}
		_ = diffOf(p)
	}
}

func writeFileB(b *testing.B, path, content string) {
	b.Helper()
	t := &testing.T{}
	writeFile(t, path, content, 0o600)
	if t.Failed() {
		b.Fatal("cannot write", path)
	}
}
