package kilo

import (
	"github.com/keydoctor/keydoctor/internal/format/providerjson"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Observed is the Kilo Code CLI version these facts were observed with
// (docs/tools.md, "Kilo Code": 7.7.7, 2026-12-02; 7.8.1 could not be
// installed here).
const Observed = "7.7.7"

// Facts are what Kilo's versions do with the shapes the format's checks
// judge (providerjson.Sheet), oldest first. Kilo has no auth file, so
// EmptyEnvBeatsAuth has nothing to beat.
var Facts = tool.Facts[providerjson.Sheet]{
	{Seen: []string{Observed}, Value: providerjson.Sheet{FailsOnUndeclared: true, UnsetEnvSendsNoAuth: true, LayersOverride: true}},
}
