package setup

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/writers"
)

const testKey = "sk-test-0123456789abcdef0123"

// front is a Front that answers from its fields and records its calls.
type front struct {
	wo      writers.Options
	tools   []gateway.ToolID
	yes     bool
	calls   []string
	checked []gateway.ToolID
}

func (f *front) Resolve(context.Context) (writers.Options, []gateway.ToolID, error) {
	f.calls = append(f.calls, "resolve")
	return f.wo, f.tools, nil
}

func (f *front) Untargeted([]gateway.ToolID, *writers.Plan) ([]string, error) {
	f.calls = append(f.calls, "untargeted")
	return []string{"a note"}, nil
}

func (f *front) Confirm(context.Context, *writers.Plan) (bool, error) {
	f.calls = append(f.calls, "confirm")
	return f.yes, nil
}

func (f *front) Remember(_ context.Context, p gateway.Profile) (string, error) {
	f.calls = append(f.calls, "remember "+p.Model)
	return "saved", nil
}

func newFront(t *testing.T) (*front, *env.Env) {
	t.Helper()
	home := testutil.TempDir(t)
	e := env.FromMap(map[string]string{"HOME": home})
	e.GOOS = "linux"
	wo := writers.Options{Env: e, Project: filepath.Join(home, "proj"), Profile: gateway.Profile{
		Preset: "taotoken", BaseURL: "https://taotoken.net/api", Key: testKey, Model: "gpt-4o",
		KeyVar: "TAOTOKEN_API_KEY", VarBaseURL: "TAOTOKEN_BASE_URL", VarKey: "TAOTOKEN_API_KEY", VarModel: "TAOTOKEN_MODEL",
	}}
	if err := os.MkdirAll(wo.Project, 0o700); err != nil {
		t.Fatal(err)
	}
	return &front{wo: wo, tools: []gateway.ToolID{gateway.ToolID("env")}, yes: true}, e
}

func (f *front) session(e *env.Env, dry bool) *Session {
	s := &Session{DryRun: dry, Front: f, Check: func(_ context.Context, _ gateway.Profile, tools []gateway.ToolID) []doctor.Finding {
		f.checked = tools
		return nil
	}}
	if !dry {
		s.Lock = &plan.Session{Env: e, Command: "test"}
	}
	return s
}

// TestSessionRun: a run resolves, plans, asks, writes, remembers and
// checks, in that order; a second identical run asks nothing and changes
// nothing; a dry run and a declined run write nothing and remember
// nothing.
func TestSessionRun(t *testing.T) {
	t.Run("write then again", func(t *testing.T) {
		f, e := newFront(t)
		rep, err := f.session(e, false).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(f.calls, ","); got != "resolve,untargeted,confirm,remember gpt-4o" {
			t.Errorf("calls = %s", got)
		}
		if !rep.Changed || rep.Backup == "" || rep.ProfileSaved != "saved" || rep.CheckSummary == nil || len(f.checked) != 1 {
			t.Errorf("report = %+v, checked %v", rep, f.checked)
		}
		if !strings.Contains(strings.Join(rep.Notes, "|"), "a note") {
			t.Errorf("notes = %q", rep.Notes)
		}
		b, err := os.ReadFile(filepath.Join(f.wo.Project, ".env"))
		if err != nil || !strings.Contains(string(b), testKey) {
			t.Fatalf(".env = %q, %v", b, err)
		}
		f.calls = nil
		if rep, err = f.session(e, false).Run(context.Background()); err != nil || rep.Changed {
			t.Fatalf("second run: %+v, %v", rep, err)
		}
		if got := strings.Join(f.calls, ","); got != "resolve,untargeted,remember gpt-4o" {
			t.Errorf("second run's calls = %s", got)
		}
	})
	for _, tc := range []struct {
		name    string
		dry, no bool
		calls   string
	}{
		{"dry run", true, false, "resolve,untargeted"},
		{"declined", false, true, "resolve,untargeted,confirm"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, e := newFront(t)
			f.yes = !tc.no
			rep, err := f.session(e, tc.dry).Run(context.Background())
			switch {
			case err != nil:
				t.Fatal(err)
			case tc.dry && (rep == nil || !rep.DryRun || !rep.Changed || rep.Files[0].Diff == ""):
				t.Errorf("dry run's report = %+v", rep)
			case tc.no && rep != nil:
				t.Errorf("declined run's report = %+v, want none", rep)
			}
			if got := strings.Join(f.calls, ","); got != tc.calls {
				t.Errorf("calls = %s, want %s", got, tc.calls)
			}
			if strings.Contains(rep.textOrEmpty(), testKey) {
				t.Errorf("the report shows the key")
			}
			if _, err := os.Stat(filepath.Join(f.wo.Project, ".env")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf(".env written: %v", err)
			}
		})
	}
}

// TestSessionPlanRefused: a file that does not parse is a *PlanError
// around the writers' refusal, before any question; it stays untouched.
func TestSessionPlanRefused(t *testing.T) {
	f, e := newFront(t)
	f.tools = []gateway.ToolID{gateway.ToolID("claude")}
	settings := filepath.Join(e.Getenv("HOME"), ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o700); err != nil {
		t.Fatal(err)
	}
	const broken = "{\"env\": {\n"
	if err := os.WriteFile(settings, []byte(broken), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := f.session(e, false).Run(context.Background())
	var pe *PlanError
	var re *writers.RefusedError
	if !errors.As(err, &pe) || !errors.As(err, &re) {
		t.Fatalf("err = %#v, want a *PlanError around a *writers.RefusedError", err)
	}
	if got := strings.Join(f.calls, ","); got != "resolve" {
		t.Errorf("calls = %s", got)
	}
	if b, _ := os.ReadFile(settings); string(b) != broken {
		t.Errorf("settings.json = %q", b)
	}
}

// textOrEmpty is the report's text ("" for no report).
func (r *Report) textOrEmpty() string {
	if r == nil {
		return ""
	}
	var b strings.Builder
	r.WriteText(&b, false, 0)
	return b.String()
}
