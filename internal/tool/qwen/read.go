package qwen

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Qwen Code keeps its triple at fixed keys of settings.json (Keys): the
// generic reader reads it, its modelProviders list included.

// ReadFiles reads settings.json with the generic reader.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) { discover.JSONKeys().ReadFiles(s, t) }

// Resolve is the triple the generic reader resolves.
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool {
	return discover.JSONKeys().Resolve(s, t)
}
