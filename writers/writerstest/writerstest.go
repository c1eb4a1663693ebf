// Package writerstest is what the tests of a tool package's planner share:
// a hermetic home with a fake key, planning and applying through the real
// writers (MakePlan, Apply), and the checks every such test makes.
package writerstest

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/writers"
)

// Key is the fake key every plan writes.
const Key = "sk-test-0123456789abcdef0123"

// NoModes: Windows has no mode bits (Go shows the read-only attribute as
// 0444 and its absence as 0666); who may read a file is its ACL there.
var NoModes = runtime.GOOS == "windows"

// Options is a hermetic home (Linux paths, a fixed clock) with the
// taotoken profile and Key.
func Options(t *testing.T) writers.Options {
	t.Helper()
	home := testutil.TempDir(t)
	e := env.FromMap(map[string]string{"HOME": home})
	e.GOOS = "linux"
	e.Now = func() time.Time { return time.Date(2026, 11, 29, 21, 35, 9, 883e6, time.UTC) }
	return writers.Options{
		Env: e,
		Profile: gateway.Profile{
			Preset: "taotoken", BaseURL: "https://taotoken.net/api", Key: Key, Model: "gpt-4o",
			KeyVar: "TAOTOKEN_API_KEY", VarBaseURL: "TAOTOKEN_BASE_URL", VarKey: "TAOTOKEN_API_KEY", VarModel: "TAOTOKEN_MODEL",
		},
		Project: filepath.Join(home, "project"),
	}
}

// WriteFile writes content at path with mode, making its directories.
func WriteFile(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// ReadString is the content of path.
func ReadString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// PlanOne plans one tool and returns the plan.
func PlanOne(t *testing.T, o writers.Options, id gateway.ToolID) *writers.Plan {
	t.Helper()
	p, err := writers.MakePlan(o, []gateway.ToolID{id})
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	return p
}

// Apply applies p with its backups under the home.
func Apply(t *testing.T, o writers.Options, p *writers.Plan) *writers.Result {
	t.Helper()
	res, err := p.Apply(writers.ApplyOptions{BackupRoot: filepath.Join(o.Env.Home, "backups"), Now: o.Env.Now(), Command: "setup"})
	if err != nil {
		t.Fatalf("apply: %v", err)
	}
	return res
}

// NoKey fails when the full key appears in s.
func NoKey(t *testing.T, s string) {
	t.Helper()
	if strings.Contains(s, Key) {
		t.Fatalf("the full key leaked:\n%s", s)
	}
}

// Diff is the plan's diff, paths shown as they are.
func Diff(p *writers.Plan) string {
	var b strings.Builder
	p.Diff(&b, func(s string) string { return s })
	return b.String()
}

// HintOf is the refusal's hint ("" for none).
func HintOf(re *writers.RefusedError) string {
	if re == nil {
		return ""
	}
	return re.Hint
}
