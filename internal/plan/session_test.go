package plan

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/lock"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/writers"
)

const testKey = "sk-test-0123456789abcdef0123"

// testSession is a session in a hermetic home, and the options to plan a
// project .env in it.
func testSession(t *testing.T) (*Session, writers.Options) {
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
	return &Session{Env: e, Command: "test"}, wo
}

func envPlan(t *testing.T, wo writers.Options) *writers.Plan {
	t.Helper()
	p, err := writers.MakePlan(wo, []gateway.ToolID{gateway.ToolID("env")})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSessionOrder: every step runs holding the lock (another taker finds
// it busy), in order lock, plan, confirm, apply, remember; and the backup
// keeps the profile store as it was before remember changed it.
func TestSessionOrder(t *testing.T) {
	s, wo := testSession(t)
	store := profile.Path(s.Env)
	if err := os.MkdirAll(filepath.Dir(store), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(store, []byte("default: before\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var steps []string
	held := func(step string) {
		_, err := lock.Acquire(context.Background(), s.Env.KeydoctorDir(), lock.Options{Command: "other"})
		var busy *lock.BusyError
		if !errors.As(err, &busy) || busy.Holder.Command != "test" {
			t.Errorf("%s: the lock is not held by the session (%v)", step, err)
		}
		steps = append(steps, step)
	}
	out, err := s.Run(context.Background(), Steps{
		Plan: func(context.Context, time.Time) (*writers.Plan, error) {
			held("plan")
			return envPlan(t, wo), nil
		},
		Confirm: func(context.Context, *writers.Plan) (bool, error) {
			held("confirm")
			if _, err := os.Stat(filepath.Join(wo.Project, ".env")); err == nil {
				t.Error("confirm: the file was written before it was confirmed")
			}
			return true, nil
		},
		Remember: func(_ context.Context, out *Outcome) error {
			held("remember")
			if len(out.Result.Written) != 1 {
				t.Errorf("remember: %d files written, want 1", len(out.Result.Written))
			}
			return os.WriteFile(store, []byte("default: after\n"), 0o600)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(steps, " "); got != "plan confirm remember" {
		t.Fatalf("steps %q", got)
	}
	m, err := writers.ReadManifest(out.Result.Backup)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := writers.PlanRestore(m)
	if err != nil {
		t.Fatal(err)
	}
	var kept *writers.Change
	for _, c := range pl.Changes {
		if c.Path == store {
			kept = c
		}
	}
	if kept == nil || string(kept.New) != "default: before\n" || m.State != "" {
		t.Fatalf("the backup does not keep the store as it was (state %q): %+v", m.State, kept)
	}
	l, err := lock.Acquire(context.Background(), s.Env.KeydoctorDir(), lock.Options{})
	if err != nil {
		t.Fatalf("the lock was not released: %v", err)
	}
	// Released, or its open file keeps Windows from removing the test's
	// directory (a sharing violation in TempDir's cleanup).
	l.Release()
}

// TestSessionDeclined: a plan the user declines writes nothing and
// remembers nothing; a plan with nothing to write asks nothing.
func TestSessionDeclined(t *testing.T) {
	s, wo := testSession(t)
	remembered := false
	out, err := s.Run(context.Background(), Steps{
		Plan:     func(context.Context, time.Time) (*writers.Plan, error) { return envPlan(t, wo), nil },
		Confirm:  func(context.Context, *writers.Plan) (bool, error) { return false, nil },
		Remember: func(context.Context, *Outcome) error { remembered = true; return nil },
	})
	if err != nil || !out.Declined() || remembered {
		t.Fatalf("declined: err %v, declined %v, remembered %v", err, out.Declined(), remembered)
	}
	if _, err := os.Stat(filepath.Join(wo.Project, ".env")); err == nil {
		t.Fatal("a declined plan was written")
	}
	asked := false
	out, err = s.Run(context.Background(), Steps{
		Confirm:  func(context.Context, *writers.Plan) (bool, error) { asked = true; return true, nil },
		Remember: func(context.Context, *Outcome) error { remembered = true; return nil },
	})
	if err != nil || asked || !remembered || out.Declined() || out.Result.Backup != "" {
		t.Fatalf("empty plan: err %v, asked %v, remembered %v, backup %q", err, asked, remembered, out.Result.Backup)
	}
}

// TestSessionErrors: the lock held by another run is a LockError with its
// holder; a plan Apply refuses is an ApplyError; a step's error is itself.
func TestSessionErrors(t *testing.T) {
	s, wo := testSession(t)
	mine := errors.New("mine")
	if _, err := s.Run(context.Background(), Steps{Plan: func(context.Context, time.Time) (*writers.Plan, error) { return nil, mine }}); err != mine {
		t.Fatalf("a step's error came back as %v", err)
	}
	_, err := s.Run(context.Background(), Steps{Plan: func(context.Context, time.Time) (*writers.Plan, error) {
		p := envPlan(t, wo)
		// Someone writes the file between plan and apply.
		if err := os.WriteFile(filepath.Join(wo.Project, ".env"), []byte("X=1\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p, nil
	}})
	var ae *ApplyError
	var re *writers.RefusedError
	if !errors.As(err, &ae) || !errors.As(err, &re) {
		t.Fatalf("a refused apply came back as %T %v", err, err)
	}
	l, err := lock.Acquire(context.Background(), s.Env.KeydoctorDir(), lock.Options{Command: "other"})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	planned := false
	_, err = s.Run(context.Background(), Steps{Plan: func(context.Context, time.Time) (*writers.Plan, error) { planned = true; return nil, nil }})
	busy, ok := IsLock(err)
	if !ok || busy == nil || busy.Holder.Command != "other" || planned {
		t.Fatalf("a held lock came back as %v (busy %v, planned %v)", err, busy, planned)
	}
}
