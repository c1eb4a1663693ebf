// Package setup is what the setup command decides, apart from its flags
// and its terminal: which tools to set up, and what the tools' files hold
// now, for a run that has nothing else to start from. Another front end
// (an MCP server) calls the same.
package setup

import (
	"os"
	"slices"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// DetectTools is setup's default --tools: each tool setup writes that is
// found installed (its executable on PATH) or already used (one of the
// paths its description marks exists: its settings directory, the
// project's .env).
func DetectTools(e *env.Env, look func(string) (string, error), project string) []gateway.ToolID {
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	installed := func(name string) bool {
		if look == nil || name == "" {
			return false
		}
		_, err := look(name)
		return err == nil
	}
	var out []gateway.ToolID
	for _, t := range tool.All() {
		if !t.Setup {
			continue
		}
		used := t.Marks != nil && slices.ContainsFunc(t.Marks(e, project), exists)
		if installed(t.Binary) || used {
			out = append(out, t.ID)
		}
	}
	return out
}

// ConfiguredTools are the tools setup writes that a file or variable
// configures for a gateway now (use's default --tools).
func ConfiguredTools(snap *discover.Snapshot) []string {
	var out []string
	for _, t := range snap.Tools {
		d, ok := tool.Lookup(string(t.ID))
		if ok && d.Setup && t.Base.Configured() && !t.MCP && !slices.Contains(out, string(t.ID)) {
			out = append(out, string(t.ID))
		}
	}
	return out
}
