package writers

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// BenchmarkPlanRealHome plans every tool over a home full of real-looking
// files (the work done before the diff or the confirmation is shown).
func BenchmarkPlanRealHome(b *testing.B) {
	t := &testing.T{}
	o := testOptions(t)
	o.Env.Home = testutil.TempDir(b)
	o.Project = filepath.Join(o.Env.Home, "project")
	writeFileB(b, pathOf(b, o, "claude", "user"), claudeSettingsWithHooks)
	writeFileB(b, pathOf(b, o, "codex", "config"), codexConfigRealLooking)
	writeFileB(b, pathOf(b, o, "cline", "providers"), `{"version":1,"providers":{"anthropic":{"settings":{},"updatedAt":"2026-01-01T00:00:00.000Z","tokenSource":"manual"}}}`)
	writeFileB(b, pathOf(b, o, "env", "env"), "# x\nexport A=1\nTAOTOKEN_MODEL=old\n")
	writeFileB(b, pathOf(b, o, "vscode", "Code settings"), vscodeSettings)
	tools := []gateway.ToolID{gateway.ToolID("claude"), gateway.ToolID("codex"), gateway.ToolID("cline"), gateway.ToolID("vscode"), gateway.ToolID("env")}
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
