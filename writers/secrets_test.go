package writers

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// A key that looks like no known key format: masking must not depend on
// the sk- prefix.
const oddKey = "Zq7-canary-0123456789abcdefXY"

// TestRestoreDiffMasksRemovedFiles: a restore after a setup that created
// every file shows only removed lines; none may show the key.
func TestRestoreDiffMasksRemovedFiles(t *testing.T) {
	o := testOptions(t)
	o.Profile.Key = oddKey
	p, err := MakePlan(o, allTools)
	if err != nil {
		t.Fatal(err)
	}
	res := apply(t, o, p)
	m, err := ReadManifest(res.Backup)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := PlanRestore(m)
	if err != nil {
		t.Fatal(err)
	}
	d := diffOf(rp)
	if !strings.Contains(d, "+++ /dev/null") || !strings.Contains(d, redact.Mask(oddKey)) {
		t.Fatalf("restore diff removes nothing or shows no masked key:\n%s", d)
	}
	if strings.Contains(d, oddKey) {
		t.Fatalf("restore diff shows the key:\n%s", d)
	}
	for _, c := range rp.Changes {
		for _, n := range c.Notes {
			if strings.Contains(rp.Redact(n), oddKey) {
				t.Errorf("note shows the key: %s", n)
			}
		}
	}
}

// TestCodexLoginTokensMasked: a ChatGPT login in auth.json is context in
// setup's diff; its tokens are masked whatever they look like.
func TestCodexLoginTokensMasked(t *testing.T) {
	o := testOptions(t)
	tokens := []string{"REFRESH_TOKEN_VALUE_X", "rt_x1", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln"}
	writeFile(t, pathOf(t, o, "codex", "auth"), `{
  "OPENAI_API_KEY": null,
  "tokens": {
    "refresh_token": "`+tokens[0]+`",
    "id_token": "`+tokens[1]+`",
    "access_token": "`+tokens[2]+`",
    "account_id": "acc-1"
  },
  "last_refresh": "2026-01-01T00:00:00Z"
}
`, 0o600)
	d := diffOf(planOne(t, o, gateway.ToolID("codex")))
	if !strings.Contains(d, `"id_token": "****"`) {
		t.Fatalf("the login is not in the diff's context:\n%s", d)
	}
	for _, s := range append(tokens, testKey) {
		if strings.Contains(d, s) {
			t.Errorf("diff shows %q:\n%s", s, d)
		}
	}
}
