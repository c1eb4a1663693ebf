package env

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

func TestDetectWSL(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("WSL is a Linux distribution: its paths (/mnt/c/Users/…) are Linux paths")
	}
	root := testutil.TempDir(t)
	vars := map[string]string{"USER": "kd"}
	getenv := func(k string) string { return vars[k] }
	fail := func(string, ...string) (string, error) { return "", errors.New("no cmd.exe") }
	if w := DetectWSL(root, getenv, fail); w != nil {
		t.Fatalf("a plain Linux root is WSL: %+v", w)
	}
	interop := filepath.Join(root, "proc", "sys", "fs", "binfmt_misc", "WSLInterop")
	if err := os.MkdirAll(filepath.Dir(interop), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(interop, []byte("enabled\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := DetectWSL(root, getenv, fail)
	if w == nil || w.Distro != "" || w.WindowsHome() != "" {
		t.Fatalf("interop file, no /mnt/c: %+v", w)
	}
	home := filepath.Join(root, "mnt", "c", "Users", "kd")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	vars["WSL_DISTRO_NAME"] = "Ubuntu"
	if w := DetectWSL(root, getenv, fail); w == nil || w.Distro != "Ubuntu" || w.WindowsHome() != home {
		t.Fatalf("fallback home: %+v %q", w, w.WindowsHome())
	}
	// cmd.exe and wslpath answer: their home wins, asked once.
	calls := 0
	run := func(name string, args ...string) (string, error) {
		calls++
		switch name {
		case "cmd.exe":
			return "C:\\Users\\Zhang San\r\n", nil
		case "wslpath":
			if args[1] != `C:\Users\Zhang San` {
				return "", errors.New("unexpected " + args[1])
			}
			return "/mnt/c/Users/Zhang San\n", nil
		}
		return "", errors.New("unexpected " + name)
	}
	w = DetectWSL(root, getenv, run)
	if got := w.WindowsHome(); got != "/mnt/c/Users/Zhang San" || w.WindowsHome() != got || calls != 2 {
		t.Fatalf("WindowsHome = %q after %d calls", got, calls)
	}
	// an unexpanded %USERPROFILE% (cmd.exe without it) falls back
	echo := func(name string, _ ...string) (string, error) { return "%USERPROFILE%\r\n", nil }
	if got := DetectWSL(root, getenv, echo).WindowsHome(); got != home {
		t.Fatalf("unexpanded: %q", got)
	}
}
