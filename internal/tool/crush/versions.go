package crush

import "github.com/keydoctor/keydoctor/internal/tool"

// Sheet is what one range of Crush versions does with the files doctor
// judges (docs/tools.md, "Crush"): the check looks it up for the version
// installed.
type Sheet struct {
	// FallsBackToDefault: a selected model its provider's models list
	// does not hold is replaced by Crush's default (the provider's first
	// model), written into the data file, where it beats crush.json.
	FallsBackToDefault bool
	// UnsetVarSendsNoKey: an api_key "$VAR" naming an unset variable
	// sends the provider no key (401).
	UnsetVarSendsNoKey bool
	// LayersOverride: the layers above the global crush.json (its
	// crushrc, the data file, the project's configs) are merged over it.
	LayersOverride bool
	// RunsCrushrc: a crushrc beside a crush.json is run as Bash and what
	// it sets is merged over that crush.json.
	RunsCrushrc bool
}

// Facts are the sheets by version, oldest first. The one observation is a
// source build (charmbracelet/crush 37f36e9, after v0.90.0) that reports
// "devel": it names no release, so the span records no version seen and
// doctor has no Observed to compare an installed release with.
var Facts = tool.Facts[Sheet]{
	{Value: Sheet{FallsBackToDefault: true, UnsetVarSendsNoKey: true, LayersOverride: true, RunsCrushrc: true}},
}

// who names Crush of version v for a message ("Crush 0.96.1"; "Crush"
// when no version was detected).
func who(v string) string {
	if v == "" {
		return "Crush"
	}
	return "Crush " + v
}
