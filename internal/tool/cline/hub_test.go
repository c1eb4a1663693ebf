package cline_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// TestVerifyTurnStartsNoHub: verify's Cline turn runs with
// CLINE_SESSION_BACKEND_MODE=local, so 3.0.65 starts no hub daemon that
// would outlive the turn in a session of its own (docs/tools.md,
// "Cline"); the turn still runs on the data copy.
func TestVerifyTurnStartsNoHub(t *testing.T) {
	e, _ := envtest.Home(t, nil, nil)
	envtest.Write(t, filepath.Join(e.Home, ".cline", "data", "settings", "providers.json"),
		`{"version":1,"lastUsedProvider":"openai-compatible","providers":{"openai-compatible":{"settings":{"provider":"openai-compatible","apiKey":"`+verifyKey+`","model":"gpt-4o","baseUrl":"https://gw.example/api/v1"},"updatedAt":"2026-11-29T21:35:09.883Z","tokenSource":"manual"}}}`)
	c, err := verify.Read(e, cline.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	tmp := testutil.TempDir(t)
	inv, err := verify.Prepare(e, c, "http://127.0.0.1:9/api/v1", tmp)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(inv.Env, "CLINE_SESSION_BACKEND_MODE=local") {
		t.Errorf("env %q: no CLINE_SESSION_BACKEND_MODE=local", inv.Env)
	}
	i := slices.Index(inv.Args, "--data-dir")
	if i < 0 || i+1 >= len(inv.Args) || inv.Args[i+1] != filepath.Join(tmp, "cline-data") {
		t.Errorf("args %q: the turn does not run on the data copy", inv.Args)
	}
	for _, kv := range inv.Env {
		if strings.Contains(kv, verifyKey) {
			t.Errorf("the key is in the turn's environment")
		}
	}
}
