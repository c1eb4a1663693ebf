package checks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/atomicfile"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
)

// leftoversCheck reports temp-file-left: temporary copies a killed
// keydoctor run left beside the tool files or in its backups. They may
// hold a key (0600, but they outlive every rotation). A copy whose writer
// still runs belongs to a write in progress and is not reported.
type leftoversCheck struct{ snap *discover.Snapshot }

func (leftoversCheck) Name() string { return "leftovers" }

func (c leftoversCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	dirs := map[string]string{} // dir -> tool
	for _, p := range c.snap.Paths {
		if _, seen := dirs[filepath.Dir(p.Path)]; !seen {
			dirs[filepath.Dir(p.Path)] = p.Tool
		}
	}
	backups := filepath.Join(e.KeydoctorDir(), "backups")
	dirs[backups] = ""
	// keydoctor's own files: the profile store and the kept keys.
	dirs[e.KeydoctorDir()] = ""
	dirs[filepath.Join(e.KeydoctorDir(), "keys")] = ""
	if entries, err := os.ReadDir(backups); err == nil {
		for _, en := range entries {
			if en.IsDir() {
				dirs[filepath.Join(backups, en.Name())] = ""
			}
		}
	}
	names := make([]string, 0, len(dirs))
	for d := range dirs {
		names = append(names, d)
	}
	sort.Strings(names)
	var out []doctor.Finding
	for _, d := range names {
		list, _ := atomicfile.Leftovers(d)
		for _, l := range list {
			if l.Live {
				continue
			}
			by := "a keydoctor run that was killed"
			if l.PID > 0 {
				by = fmt.Sprintf("a keydoctor run (pid %d) that was killed", l.PID)
			}
			at := e.Tilde(l.Path)
			out = append(out, doctor.Finding{Code: catalog.TempFileLeft, Status: doctor.Warning, Tool: gateway.ToolID(dirs[d]), Source: at,
				Message: fmt.Sprintf("%s is a temporary copy left by %s while writing (%s); it may hold a key", at, by, l.ModTime.UTC().Format("2006-01-02 15:04Z")),
				Fix:     catalog.Render(catalog.TempFileLeft, catalog.Slots{File: human.ShellQuote(at)})})
		}
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "no temporary file left by an interrupted keydoctor run"})
	}
	return out
}
