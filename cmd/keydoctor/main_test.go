package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(withCleanup{m}, map[string]func(){
		"keydoctor": func() { os.Exit(Main()) },
	})
}

// TestScripts runs cmd/keydoctor/testdata/script/<command>_<case>.txtar.
// Custom commands (see scriptCmds) start the fake gateway and check
// outputs for leaked keys.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		Cmds:                scriptCmds,
		Setup:               scriptSetup,
		RequireExplicitExec: true,
	})
}

func scriptSetup(env *testscript.Env) error {
	// A hermetic home: nothing of the developer's machine leaks in.
	env.Setenv("HOME", env.WorkDir+"/home")
	env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/home/.config")
	env.Setenv("XDG_DATA_HOME", env.WorkDir+"/home/.local/share")
	env.Setenv("NO_COLOR", "1")
	// Never the developer's real keyring: keys kept by a profile go to
	// the file store (the keyring path has its own tests, on the mock).
	env.Setenv("KEYDOCTOR_KEYRING", "off")
	for _, v := range []string{"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "all_proxy", "no_proxy"} {
		env.Setenv(v, "")
	}
	return os.MkdirAll(env.WorkDir+"/home", 0o700)
}

// scriptCmds are the custom testscript commands; files add theirs in init.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){}
