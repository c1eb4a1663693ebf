package opencode

import (
	"github.com/keydoctor/keydoctor/internal/format/providerjson"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Facts are what OpenCode's versions do with the shapes the format's
// checks judge (providerjson.Sheet; docs/tools.md, "OpenCode"), oldest
// first: 1.18.33 was run against keydoctor mock (2026-11-30, and by the
// truth harness in session 5).
var Facts = tool.Facts[providerjson.Sheet]{
	{Seen: []string{Observed}, Value: providerjson.Sheet{FailsOnUndeclared: true, UnsetEnvSendsNoAuth: true, EmptyEnvBeatsAuth: true, LayersOverride: true}},
}
