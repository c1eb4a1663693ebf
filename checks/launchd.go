package checks

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/shell"
)

// launchdEnvCheck: on macOS a variable set with `launchctl setenv` goes
// to the apps launchd starts (the Dock, Finder, Spotlight: an editor and
// the extensions in it), not to a running shell. When it differs from
// the shell's, a tool behaves one way from the terminal and another from
// the Dock (launchd-env-differs). It asks launchd about the same
// variables the registry check asks Windows about (registryVars), and
// says nothing where there is no launchd.
type launchdEnvCheck struct{ s *discover.Snapshot }

func (launchdEnvCheck) Name() string { return "launchd-env" }

func (c launchdEnvCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	if e.Launchctl == nil {
		return nil
	}
	sh := shell.Of(e)
	var out []doctor.Finding
	for _, name := range registryVars(c.s) {
		v, err := e.Launchctl(name.name)
		if err != nil || v == "" {
			continue
		}
		cur := e.Getenv(name.name)
		if cur == v {
			continue
		}
		shown, now, fix := v, cur, sh.SetAndPersist(name.name, v)
		if name.secret {
			e.Secrets.Add(v, cur)
			shown, now = doctor.ShowKey(v), doctor.ShowKey(cur)
			fix = "" // never a key in a pasted command
		}
		have := "has " + now
		if cur == "" {
			have = "does not have it"
		}
		out = append(out, doctor.Finding{Code: catalog.LaunchdEnvDiffers, Status: doctor.Warning, Source: "launchctl setenv (" + name.name + ")",
			Message: fmt.Sprintf("%s is set to %s with launchctl setenv, but this shell %s: an app started from the Dock or Finder gets %s, a tool started from this shell does not",
				name.name, shown, have, shown),
			Fix: catalog.Render(catalog.LaunchdEnvDiffers, catalog.Slots{Key: name.name, Edit: fix})})
	}
	return out
}
