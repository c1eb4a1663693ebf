package restore

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// Held is a gateway and model a backup puts back, and the tools that
// would read them.
type Held struct {
	BaseURL string   `json:"base_url"`
	Model   string   `json:"model"`
	Tools   []string `json:"tools"`
}

// homeVars are the variables that move the tools' files (docs/tools.md):
// the home, each tool's own (tool.Tool.HomeVar), the OS's configuration
// directories; a backed-up copy is laid out under the same one in a
// scratch home.
func homeVars() []string {
	vars := []string{"HOME"}
	for _, t := range tool.All() {
		if t.HomeVar != "" {
			vars = append(vars, t.HomeVar)
		}
	}
	return append(vars, "XDG_CONFIG_HOME", "APPDATA")
}

// HeldBy reads what restoring m would put back: its copies are laid out in
// a scratch home as they were in the real one, and discovery reads them as
// it reads the real files (no shell variable counts). Files the run
// created are not in the backup: restoring removes them.
func HeldBy(e *env.Env, m *writers.Manifest) []Held {
	tmp, err := os.MkdirTemp("", "keydoctor-held-")
	if err != nil {
		return []Held{}
	}
	defer os.RemoveAll(tmp)
	vars, project := map[string]string{}, filepath.Join(tmp, "project")
	for _, r := range m.ToolFiles() {
		if r.Copy == "" {
			continue
		}
		dst := scratchPath(e, r, tmp, vars, project)
		b, err := safefile.ReadFile(filepath.Join(m.Dir, r.Copy))
		if dst == "" || err != nil || os.MkdirAll(filepath.Dir(dst), 0o700) != nil || os.WriteFile(dst, b, 0o600) != nil {
			continue
		}
	}
	if vars["HOME"] == "" {
		vars["HOME"] = filepath.Join(tmp, "HOME")
	}
	fe := env.FromMap(vars)
	fe.GOOS = e.GOOS
	snap := discover.Discover(fe, discover.Options{Project: project})
	return collectHeld(snap)
}

// scratchPath is where a backed-up file goes in the scratch home: under
// the most specific variable whose real directory holds it, else (a
// project's .env) in the scratch project.
func scratchPath(e *env.Env, r writers.BackupRecord, tmp string, vars map[string]string, project string) string {
	best, rel := "", ""
	for _, v := range homeVars() {
		dir := e.Getenv(v)
		if v == "HOME" {
			dir = e.Home
		}
		if dir == "" {
			continue
		}
		if r2, err := filepath.Rel(dir, r.Path); err == nil && !strings.HasPrefix(r2, "..") && (best == "" || len(r2) < len(rel)) {
			best, rel = v, r2
		}
	}
	if best != "" {
		vars[best] = filepath.Join(tmp, best)
		return filepath.Join(vars[best], rel)
	}
	if t, ok := tool.Lookup(string(r.Tool)); ok && t.Format == tool.FormatDotEnv {
		return filepath.Join(project, filepath.Base(r.Path))
	}
	return ""
}

// collectHeld groups the tools by the gateway (its root: each tool's own
// /v1 rule aside) and model they read.
func collectHeld(snap *discover.Snapshot) []Held {
	byTriple := map[[2]string]*Held{}
	out := []Held{}
	for _, t := range snap.Tools {
		if !t.Base.Set() && !t.Model.Set() {
			continue
		}
		root := t.Base.Value
		if p, err := gateway.Normalize(root); err == nil {
			root = p.Root
		}
		k := [2]string{root, t.Model.Value}
		if byTriple[k] == nil {
			byTriple[k] = &Held{BaseURL: k[0], Model: k[1]}
		}
		if h := byTriple[k]; len(h.Tools) == 0 || h.Tools[len(h.Tools)-1] != string(t.ID) {
			h.Tools = append(h.Tools, string(t.ID))
		}
	}
	for _, h := range byTriple {
		out = append(out, *h)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].BaseURL+out[i].Model < out[j].BaseURL+out[j].Model })
	return out
}
