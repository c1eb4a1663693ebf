package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/winacl"
	"github.com/keydoctor/keydoctor/internal/winreg"
	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(withCleanup{m}, map[string]func(){
		"keydoctor": func() { os.Exit(Execute(scriptEnv(), os.Args[1:])) },
	})
}

// scriptEnv is the process's environment, with the Windows registry a
// script plants: KEYDOCTOR_TEST_REGISTRY names a JSON file of
// winreg.Values (the test binary's hook only; the program reads the real
// registry, and .ci/wine/e2e plants real keys with `wine reg add`),
// the DACLs a script plants in KEYDOCTOR_TEST_ACL (plantedACL), and
// launchd's variables in KEYDOCTOR_TEST_LAUNCHCTL (the program runs
// `launchctl getenv` on macOS).
// The OS's own global node_modules are never the machine's: a script
// that needs one names it in KEYDOCTOR_TEST_NODE_ROOTS (a path list), so
// that no version installed on the machine shows in a script's status.
func scriptEnv() *env.Env {
	e := processEnv()
	e.SystemNodeModules = filepath.SplitList(os.Getenv("KEYDOCTOR_TEST_NODE_ROOTS"))
	if path := os.Getenv("KEYDOCTOR_TEST_REGISTRY"); path != "" {
		e.Registry = func() (winreg.Values, error) {
			var v winreg.Values
			b, err := os.ReadFile(path)
			if err == nil {
				err = json.Unmarshal(b, &v)
			}
			return v, err
		}
	}
	if path := os.Getenv("KEYDOCTOR_TEST_LAUNCHCTL"); path != "" {
		// launchd's variables (macOS), as a JSON object of NAME: value.
		e.Launchctl = func(name string) (string, error) {
			var m map[string]string
			b, err := os.ReadFile(path)
			if err == nil {
				err = json.Unmarshal(b, &m)
			}
			return m[name], err
		}
	}
	// WSL only as a script fakes it (KEYDOCTOR_TEST_WSL_ROOT: a directory
	// with proc/sys/fs/binfmt_misc/WSLInterop and mnt/c/Users/$USER), so
	// that a developer's own WSL never shows, and no cmd.exe is started.
	e.WSL = nil
	if root := os.Getenv("KEYDOCTOR_TEST_WSL_ROOT"); root != "" {
		e.WSL = env.DetectWSL(root, os.Getenv, nil)
	}
	if path := os.Getenv("KEYDOCTOR_TEST_ACL"); path != "" {
		e.FileACL = plantedACL(path, e.Home)
	}
	return e
}

// plantedACL reads DACLs from the JSON file a script plants
// (KEYDOCTOR_TEST_ACL): winacl.DACL by path relative to the home, with
// forward slashes. A file it does not name has an empty DACL (nobody but
// the owner's implicit rights), as keydoctor's own writes on Windows
// leave it. The program reads real DACLs on Windows only; winacl's tests
// read one under Wine.
func plantedACL(path, home string) func(string) (winacl.DACL, error) {
	return func(file string) (winacl.DACL, error) {
		var m map[string]winacl.DACL
		b, err := os.ReadFile(path)
		if err == nil {
			err = json.Unmarshal(b, &m)
		}
		if err != nil {
			return winacl.DACL{}, err
		}
		rel, _ := filepath.Rel(home, file)
		return m[filepath.ToSlash(rel)], nil
	}
}

// TestScripts runs cmd/keydoctor/testdata/script/<command>_<case>.txtar.
// Custom commands (see scriptCmds) start the fake gateway and check
// outputs for leaked keys.
func TestScripts(t *testing.T) {
	binaryTest(t)
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
