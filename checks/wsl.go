package checks

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// wslCheck: inside WSL a tool may be installed on the Linux side (its
// files under the Linux home) or on the Windows side (under the Windows
// profile, /mnt/c/Users/NAME), and 127.0.0.1 is not the same machine on
// both: WSL 2's default NAT networking forwards Windows' localhost to a
// port listening inside WSL, but not the other way. It says on which side
// each configured tool lives, and reports wsl-loopback-crossed for a
// Windows-side tool whose loopback base URL is served only inside WSL
// (reachable only while WSL runs and forwards localhost), and for a
// Linux-side tool whose loopback base URL nothing in WSL serves (a relay
// on Windows, which NAT networking does not reach). It dials loopback only.
type wslCheck struct {
	s    *discover.Snapshot
	dial dialFunc
}

func (wslCheck) Name() string { return "wsl" }

func (c wslCheck) Run(ctx context.Context, e *env.Env) []doctor.Finding {
	if e.WSL == nil {
		return nil
	}
	winHome := e.WSL.WindowsHome()
	var out []doctor.Finding
	listening := map[string]bool{}
	listens := func(addr string) bool {
		ok, done := listening[addr]
		if !done {
			ok = c.dial(ctx, addr) == nil
			listening[addr] = ok
		}
		return ok
	}
	side := func(tools []discover.Tool, windows bool, se *env.Env) {
		for _, t := range tools {
			if !t.Base.Set() && !t.Key.Set() {
				continue
			}
			name, where := "Linux", e.Tilde(t.Base.Source.File)
			if windows {
				name, where = "Windows", t.Base.Source.File
			}
			if t.Base.Source.File == "" {
				where = t.Base.Source.Display(se)
			}
			out = append(out, okFinding(t, fmt.Sprintf("%s lives on the %s side (%s)", t.Label, name, where), where))
			u, err := url.Parse(t.Base.Value)
			if err != nil || classifyHost(u.Hostname()) != loopbackHost {
				continue
			}
			addr := loopbackAddr(u)
			switch up := listens(addr); {
			case windows && up:
				out = append(out, finding(t, catalog.WSLLoopbackCrossed, doctor.Warning,
					fmt.Sprintf("%s runs on Windows and points at %s, which is served inside WSL (%s): Windows reaches it only while WSL runs and forwards localhost (NAT networking with localhostForwarding on, the default)", t.Label, t.Base.Value, c.distro(e)),
					catalog.Render(catalog.WSLLoopbackCrossed, catalog.Slots{Tool: t.Label, Host: addr, Value: "Windows"}), where))
			case !windows && !up:
				out = append(out, finding(t, catalog.WSLLoopbackCrossed, doctor.Warning,
					fmt.Sprintf("%s runs inside WSL (%s) and points at %s, where nothing in WSL listens: a relay running on Windows is not reached from WSL at 127.0.0.1 (NAT networking)", t.Label, c.distro(e), t.Base.Value),
					catalog.Render(catalog.WSLLoopbackCrossed, catalog.Slots{Tool: t.Label, Host: addr, Value: "Linux"}), where))
			}
		}
	}
	side(c.s.Tools, false, e)
	if winHome != "" {
		we := windowsSide(e, winHome)
		side(discover.Discover(we, discover.Options{Project: winHome, Vars: c.s.Vars}).Tools, true, we)
	} else {
		out = append(out, skip("", "inside WSL, but the Windows home was not found (cmd.exe, wslpath, /mnt/c/Users/$USER): Windows-side tools not looked for"))
	}
	return out
}

func (wslCheck) distro(e *env.Env) string {
	if e.WSL.Distro == "" {
		return "WSL"
	}
	return "WSL " + e.WSL.Distro
}

// windowsSide is the environment the Windows build of a tool sees, as far
// as WSL can tell: its profile as the home, APPDATA and LOCALAPPDATA under
// it, the Windows paths. The Windows side's variables live in its registry,
// which WSL does not read: none is set.
func windowsSide(e *env.Env, home string) *env.Env {
	vars := map[string]string{
		"USERPROFILE":  home,
		"APPDATA":      home + "/AppData/Roaming",
		"LOCALAPPDATA": home + "/AppData/Local",
	}
	w := env.FromMap(vars)
	w.Home, w.GOOS, w.Now, w.Secrets = home, "windows", e.Now, e.Secrets
	w.Getenv = func(k string) string { return vars[strings.ToUpper(k)] }
	return w
}
