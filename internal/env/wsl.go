package env

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// WSL is the Windows Subsystem for Linux distribution keydoctor runs in.
// A tool may live on either side: its Linux build under the Linux home,
// or its Windows build under the Windows user's profile, which WSL mounts
// at /mnt/c/Users/NAME.
type WSL struct {
	Distro string // $WSL_DISTRO_NAME ("" when only the interop file told)
	// WindowsHome is the Windows user's profile as a Linux path, "" when
	// it cannot be found; asked once, on first use (it starts cmd.exe).
	WindowsHome func() string
}

// Runner runs a program and returns its standard output.
type Runner func(name string, args ...string) (string, error)

// DetectWSL tells whether the system whose root directory is root
// ("/" but in tests) is a WSL distribution: $WSL_DISTRO_NAME (set by
// wsl.exe in every session), or the interop entry WSL registers,
// /proc/sys/fs/binfmt_misc/WSLInterop (there under sudo and in services,
// where the variable is not). nil when it is not. The Windows home is
// `cmd.exe /c echo %USERPROFILE%` turned into a Linux path by `wslpath
// -u` (run with run), else root/mnt/c/Users/$USER when that exists.
func DetectWSL(root string, getenv func(string) string, run Runner) *WSL {
	distro := getenv("WSL_DISTRO_NAME")
	if distro == "" {
		if _, err := os.Stat(filepath.Join(root, "proc", "sys", "fs", "binfmt_misc", "WSLInterop")); err != nil {
			return nil
		}
	}
	var home string
	var asked bool
	return &WSL{Distro: distro, WindowsHome: func() string {
		if !asked {
			asked = true
			home = windowsHome(root, getenv, run)
		}
		return home
	}}
}

func windowsHome(root string, getenv func(string) string, run Runner) string {
	if run != nil {
		if win, err := run("cmd.exe", "/c", "echo %USERPROFILE%"); err == nil {
			win = strings.TrimSpace(win)
			if win != "" && !strings.Contains(win, "%") {
				if p, err := run("wslpath", "-u", win); err == nil {
					if p = strings.TrimSpace(p); filepath.IsAbs(p) {
						return p
					}
				}
			}
		}
	}
	if user := getenv("USER"); user != "" {
		p := filepath.Join(root, "mnt", "c", "Users", user)
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			return p
		}
	}
	return ""
}

// RunBounded runs a program for at most three seconds, from /mnt/c when
// it exists (cmd.exe complains about a Linux working directory).
func RunBounded(name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	if fi, err := os.Stat("/mnt/c"); err == nil && fi.IsDir() {
		cmd.Dir = "/mnt/c"
	}
	out, err := cmd.Output()
	return string(out), err
}
