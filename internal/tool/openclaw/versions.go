package openclaw

import "github.com/keydoctor/keydoctor/internal/tool"

// Sheet is what one range of OpenClaw versions does with a config that
// doctor judges (docs/tools.md, "OpenClaw"): the check looks it up for the
// version installed.
type Sheet struct {
	// RejectsUnnamedModel: a model entry without "name", in any provider,
	// makes the whole config invalid at load ("models.providers.ID.
	// models[0].name: Invalid input") and nothing runs; false: the entry
	// is used under its id.
	RejectsUnnamedModel bool
}

// Observed is the OpenClaw version these facts were observed with
// (docs/tools.md, "OpenClaw": `OpenClaw 2026.9.6 (eb377ac)`, 2026-12-02,
// and again by the truth harness in session 5).
const Observed = "2026.9.6"

// Facts are the sheets by version, oldest first.
var Facts = tool.Facts[Sheet]{
	{Seen: []string{Observed}, Value: Sheet{RejectsUnnamedModel: true}},
}

// who names OpenClaw of version v for a message ("OpenClaw 2026.9.6";
// "OpenClaw" when no version was detected).
func who(v string) string {
	if v == "" {
		return "OpenClaw"
	}
	return "OpenClaw " + v
}
