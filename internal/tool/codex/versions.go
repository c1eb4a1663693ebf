package codex

import "github.com/keydoctor/keydoctor/internal/tool"

// Sheet is what one range of Codex CLI versions does with shapes of
// config.toml that doctor judges (docs/tools.md, "Codex CLI"): the checks
// look it up for the version installed.
type Sheet struct {
	// ReadsBOM: a config.toml starting with a UTF-8 byte order mark is
	// read as if it had none; false: it is not valid TOML to Codex.
	ReadsBOM bool
	// RefusesLegacyProfile: a top-level profile = "x" stops Codex before
	// any request (exit 1); false: it selects [profiles.x].
	RefusesLegacyProfile bool
	// RefusesChatWire: wire_api = "chat" makes Codex refuse to load the
	// config; false: it speaks chat completions.
	RefusesChatWire bool
}

// Facts are the sheets by version, oldest first. 0.171.0 was run against
// keydoctor mock (the truth harness, and by hand for the legacy profile).
// The catalog's and setup's "0.134 and later" for the legacy profile is
// Codex's changelog, not observed here: no span is recorded for it.
var Facts = tool.Facts[Sheet]{
	{Seen: []string{"0.171.0"}, Value: Sheet{ReadsBOM: true, RefusesLegacyProfile: true, RefusesChatWire: true}},
}

// who names Codex of version v for a message ("Codex 0.171.0"; "Codex"
// when no version was detected).
func who(v string) string {
	if v == "" {
		return "Codex"
	}
	return "Codex " + v
}
