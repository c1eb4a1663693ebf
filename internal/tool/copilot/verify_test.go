package copilot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool/copilot"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// TestVerifyTurn: the turn is offline, its base URL the relay's; a shell
// that has not loaded the block gives the turn the block's variables (its
// key through the environment, never the command line); an anthropic
// provider's wanted path is /v1/messages on the base without /v1.
func TestVerifyTurn(t *testing.T) {
	for _, loaded := range []bool{false, true} {
		vars := withShell(map[string]string{"TAOTOKEN_API_KEY": testKey})
		if loaded {
			vars[copilot.BaseURL], vars[copilot.Type], vars[copilot.APIKey], vars[copilot.Model] = "https://gw.example/api", "anthropic", testKey, "claude-sonnet-4-5"
		}
		e, dir := envtest.Home(t, map[string]string{".bashrc": block}, vars)
		c, err := verify.FromSnapshot(discover.Discover(e, discover.Options{Project: dir}), copilot.ID)
		if err != nil {
			t.Fatal(err)
		}
		const relay = "http://127.0.0.1:9/api"
		inv, err := verify.Prepare(e, c, relay, testutil.TempDir(t))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(inv.Args, " "); got != "-p "+verify.Prompt+" --allow-all-tools -s" || strings.Contains(got, testKey) {
			t.Errorf("args %q", inv.Args)
		}
		for _, want := range []string{copilot.BaseURL + "=" + relay, "COPILOT_OFFLINE=true"} {
			if !slices.Contains(inv.Env, want) {
				t.Errorf("env lacks %s: %q", want, inv.Env)
			}
		}
		given := slices.Contains(inv.Env, copilot.APIKey+"="+testKey) && slices.Contains(inv.Env, copilot.Model+"=claude-sonnet-4-5")
		if given == loaded {
			t.Errorf("loaded %v: the block's variables given = %v (%d variables)", loaded, given, len(inv.Env))
		}
		tg, err := verify.TargetFor(c)
		if err != nil || tg.WantPath != "/api/v1/messages" {
			t.Errorf("wanted path %q, %v", tg.WantPath, err)
		}
	}
}
