package discover

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Versioner is implemented by a tool whose reading depends on the tool's
// version (Claude Code: the built-in id an alias falls to). Discover
// cannot know the version (which tools to look for comes from what it
// found), so such a reader resolves by the newest facts and AtVersion
// re-resolves the instance once its version is detected.
type Versioner interface {
	AtVersion(s *Snapshot, t *Tool, version string)
}

// AtVersions re-resolves every tool whose reader depends on its version
// by the version installed (versions by id; a tool missing or "" keeps
// the newest facts). Doctor and status call it once they have detected
// the versions, before judging or showing anything.
func (s *Snapshot) AtVersions(versions map[gateway.ToolID]string) {
	for i := range s.Tools {
		t := &s.Tools[i]
		v := versions[t.ID]
		if v == "" {
			continue
		}
		desc, ok := tool.Lookup(string(t.ID))
		if !ok {
			continue
		}
		if r, ok := desc.Impl.(Versioner); ok {
			r.AtVersion(s, t, v)
		}
	}
}
