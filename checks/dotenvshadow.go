package checks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/dotenv"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// shadowCheck reports dotenv-shadow: a tool that loads only the first .env
// found walking up from its working directory (its description's DotEnv)
// started in the project finds the project's .env and never reads its own
// file, so the variables only its own file holds are missing
// (docs/tools.md, "The project .env trap"). Any tool opts in by naming
// its .env files in its description.
type shadowCheck struct{ snap *discover.Snapshot }

func (shadowCheck) Name() string { return string(catalog.DotEnvShadow) }

func (c shadowCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, t := range tool.All() {
		if t.DotEnv == nil || t.DotEnv.Own == nil {
			continue
		}
		if f, ok := c.shadow(e, t); ok {
			out = append(out, f)
		}
	}
	return out
}

// shadow is the finding for one tool, when a .env shadows its own.
func (c shadowCheck) shadow(e *env.Env, t tool.Tool) (doctor.Finding, bool) {
	own := t.DotEnv.Own(e)
	ownVars := readDotEnv(own)
	if ownVars == nil {
		return doctor.Finding{}, false
	}
	first := FirstDotEnv(c.snap.Project, t.DotEnv.Names)
	if first == "" || first == own {
		return doctor.Finding{}, false
	}
	have := readDotEnv(first)
	var missing []string
	for _, v := range t.DotEnv.Vars {
		_, inShell := e.Lookup(v)
		if _, inOwn := ownVars[v]; inOwn && !inShell {
			if _, ok := have[v]; !ok {
				missing = append(missing, v)
			}
		}
	}
	if len(missing) == 0 {
		return doctor.Finding{}, false
	}
	st, also := doctor.Error, ""
	if c.configuredByFile(t, first, own) {
		// Its settings file carries the triple: the run still works, but
		// the variables in its own .env are dead.
		st, also = doctor.Warning, fmt.Sprintf("; %s still works from its settings file", t.Title)
	}
	msg := fmt.Sprintf("%s started in %s loads %s and never reads %s: %s missing there%s",
		t.Title, e.Tilde(filepath.Dir(first)), e.Tilde(first), e.Tilde(own), strings.Join(missing, ", "), also)
	s := catalog.Slots{Tool: t.Title, Command: setupFor(string(t.ID)),
		Edit: fmt.Sprintf("add %s to %s as they are in %s", strings.Join(missing, ", "), e.Tilde(first), e.Tilde(own))}
	if st == doctor.Warning {
		// Copying them into the project would let them beat the
		// settings file there too (docs/tools.md).
		s = catalog.Slots{Tool: t.Title, Remove: fmt.Sprintf("delete %s from %s", strings.Join(missing, ", "), e.Tilde(own))}
	}
	return doctor.Finding{Code: catalog.DotEnvShadow, Status: st, Tool: t.ID, Message: msg, Fix: catalog.Render(catalog.DotEnvShadow, s), Source: e.Tilde(first)}, true
}

// configuredByFile reports whether discovery found the tool's key in a
// settings file of its own: not a variable, and not one of the .env files
// (a tool may take its key only from the .env it loads).
func (c shadowCheck) configuredByFile(t tool.Tool, dotenvs ...string) bool {
	for _, d := range c.snap.Tools {
		if d.ID == t.ID && !d.MCP && d.Key.Set() && d.Key.Source.File != "" && !slices.Contains(dotenvs, d.Key.Source.File) {
			return true
		}
	}
	return false
}

// FirstDotEnv is the first of names found walking up from dir: the one
// file a tool that loads a single .env reads ("" when none).
func FirstDotEnv(dir string, names []string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		for _, n := range names {
			p := filepath.Join(d, n)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return p
			}
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// readDotEnv is the variables a .env file sets (nil when it is absent or
// does not parse).
func readDotEnv(path string) map[string]string {
	b, err := safefile.ReadFile(path)
	if err != nil {
		return nil
	}
	f, err := dotenv.Parse(b)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, en := range f.Entries() {
		out[en.Key] = en.Value
	}
	return out
}
