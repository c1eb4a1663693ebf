package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["cmpstamp"] = cmdCmpStamp
}

// stamp is a timestamp as Cline writes updatedAt, which a fix sets to now.
var stamp = regexp.MustCompile(`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z`)

// cmpstamp FILE WANT is cmp with every timestamp in both read as one.
func cmdCmpStamp(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cmpstamp FILE WANT")
	}
	got := stamp.ReplaceAllString(ts.ReadFile(args[0]), "TIME")
	want := stamp.ReplaceAllString(ts.ReadFile(args[1]), "TIME")
	if got != want {
		ts.Fatalf("%s and %s differ beyond timestamps:\n--- %s\n%s\n--- %s\n%s", args[0], args[1], args[0], got, args[1], want)
	}
}

// TestDoctorFixAsks: on a terminal, --fix shows the diff and asks; only a
// yes writes (and backs up), anything else writes nothing.
func TestDoctorFixAsks(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	broken := "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"https://gateway.example/api/v1\",\n    \"ANTHROPIC_AUTH_TOKEN\": \"" + key + "\",\n    \"ANTHROPIC_MODEL\": \"gpt-4o\"\n  }\n}\n"
	for _, tt := range []struct {
		answer string
		wrote  bool
	}{{"y\n", true}, {"yes\n", true}, {"n\n", false}, {"\n", false}, {"", false}} {
		t.Run(strings.TrimSpace(tt.answer), func(t *testing.T) {
			e := wizardEnv(t, map[string]string{"TAOTOKEN_API_KEY": key, "TAOTOKEN_BASE_URL": "https://gateway.example/api", "TAOTOKEN_MODEL": "gpt-4o"})
			settings := filepath.Join(e.Home, ".claude", "settings.json")
			if err := os.WriteFile(settings, []byte(broken), 0o600); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			e.IsTerminal, e.Stdin, e.Stderr = true, strings.NewReader(tt.answer), &out
			o := &doctorOptions{Env: e, Out: &out, Offline: true, Project: testutil.TempDir(t), Timeout: 5 * time.Second}
			o.fix.on = true
			p := mustProfile(t, o)
			err := runDoctorFix(context.Background(), o, func() (gateway.Profile, error) { return p, nil })
			got, _ := os.ReadFile(settings)
			s := out.String()
			if !strings.Contains(s, "Apply these changes? [y/N]") || !strings.Contains(s, `+    "ANTHROPIC_BASE_URL": "https://gateway.example/api",`) {
				t.Fatalf("no diff or question:\n%s", s)
			}
			if strings.Contains(s, key) {
				t.Fatalf("key in output:\n%s", s)
			}
			if wrote := string(got) != broken; wrote != tt.wrote {
				t.Fatalf("wrote = %v, want %v (err %v)\n%s", wrote, tt.wrote, err, s)
			}
			if !tt.wrote && !strings.Contains(s, "nothing was written") {
				t.Fatalf("no 'nothing was written':\n%s", s)
			}
			if tt.wrote && (err != nil || !strings.Contains(s, "backup ")) {
				t.Fatalf("err %v, no backup line:\n%s", err, s)
			}
		})
	}
}

func mustProfile(t *testing.T, o *doctorOptions) gateway.Profile {
	t.Helper()
	p, err := o.profile.load(o.Env)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
