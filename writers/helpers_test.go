package writers

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
)

const testKey = "sk-test-0123456789abcdef0123"

// noModes: Windows has no mode bits (Go shows the read-only attribute as
// 0444 and its absence as 0666); who may read a file is its ACL there.
var noModes = runtime.GOOS == "windows"

// testOptions is a hermetic home with the taotoken profile.
func testOptions(t *testing.T) Options {
	t.Helper()
	home := testutil.TempDir(t)
	e := env.FromMap(map[string]string{"HOME": home})
	e.GOOS = "linux"
	e.Now = func() time.Time { return time.Date(2026, 11, 29, 21, 35, 9, 883e6, time.UTC) }
	return Options{
		Env: e,
		Profile: gateway.Profile{
			Preset: "taotoken", BaseURL: "https://taotoken.net/api", Key: testKey, Model: "gpt-4o",
			KeyVar: "TAOTOKEN_API_KEY", VarBaseURL: "TAOTOKEN_BASE_URL", VarKey: "TAOTOKEN_API_KEY", VarModel: "TAOTOKEN_MODEL",
		},
		Project: filepath.Join(home, "project"),
	}
}

func writeFile(t *testing.T, path, content string, mode os.FileMode) {
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

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// planOne plans one tool and returns the plan.
func planOne(t *testing.T, o Options, id gateway.ToolID) *Plan {
	t.Helper()
	p, err := MakePlan(o, []gateway.ToolID{id})
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	return p
}

func apply(t *testing.T, o Options, p *Plan) *Result {
	t.Helper()
	res, err := p.Apply(ApplyOptions{BackupRoot: filepath.Join(o.Env.Home, "backups"), Now: o.Env.Now(), Command: "setup"})
	if err != nil {
		t.Fatalf("apply: %v", err)
	}
	return res
}

// noKey fails when the full key appears in s.
func noKey(t *testing.T, s string) {
	t.Helper()
	if strings.Contains(s, testKey) {
		t.Fatalf("the full key leaked:\n%s", s)
	}
}

func diffOf(p *Plan) string {
	var b strings.Builder
	p.Diff(&b, func(s string) string { return s })
	return b.String()
}
