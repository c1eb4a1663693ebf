package restore

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// TestRunRefusesAndLists: options that name no one backup are refused
// before anything is read; with no backup, the list is empty and a
// restore is refused with a hint; no session is run for either.
func TestRunRefusesAndLists(t *testing.T) {
	e := env.FromMap(map[string]string{"HOME": testutil.TempDir(t)})
	noSession := func(context.Context, plan.Steps) (*plan.Outcome, error) {
		t.Fatal("a session was run")
		return nil, nil
	}
	for _, tc := range []struct {
		name string
		o    Options
		msg  string // the usage error, "" none
	}{
		{"both", Options{Name: "x", Last: true}, "give a backup name or --last, not both"},
		{"a path", Options{Name: "../x"}, `"../x" is not a backup name`},
		{"a windows path", Options{Name: `a\b`}, `"a\\b" is not a backup name`},
		{"none to take", Options{Name: "20261129T213509.883Z", DryRun: true}, "there is no backup in " + filepath.Join("~", ".config", "keydoctor", "backups")},
		{"none to list", Options{}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Run(context.Background(), e, tc.o, noSession)
			var ue *gateway.UsageError
			if tc.msg == "" {
				if err != nil || out.Manifest != nil || len(out.List) != 0 {
					t.Fatalf("Run = %+v, %v; want an empty list", out, err)
				}
				return
			}
			if !errors.As(err, &ue) || ue.Msg != tc.msg {
				t.Fatalf("err = %v, want %q", err, tc.msg)
			}
		})
	}
}
