package droid

import "github.com/keydoctor/keydoctor/internal/tool"

// Sheet is what one range of Droid versions does with the settings doctor
// judges (docs/tools.md, "Factory Droid"): the check looks it up for the
// version installed.
type Sheet struct {
	// NeedsSelectedModel: a run without -m and without a
	// sessionDefaultSettings.model that names a custom model runs
	// Factory's own default model (a Factory login), not the gateway.
	NeedsSelectedModel bool
	// UnsetVarSendsNoKey: an apiKey "${VAR}" naming an unset variable
	// sends no usable key (401), and Droid says only "Exec failed".
	UnsetVarSendsNoKey bool
	// ProjectSettingsWin: a project's .factory/settings.json, from the
	// working directory's up to the git root's, is read above
	// ~/.factory/settings.json; the first level that sets a value wins.
	ProjectSettingsWin bool
}

// Facts are the sheets by version, oldest first: the binary 0.225.2 (npm
// @factory/cli 0.225.1's platform package) was run against keydoctor
// mock (2026-12-02, and by the truth harness in session 5).
var Facts = tool.Facts[Sheet]{
	{Seen: []string{Version}, Value: Sheet{NeedsSelectedModel: true, UnsetVarSendsNoKey: true, ProjectSettingsWin: true}},
}

// who names Droid of version v for a message ("Droid 0.225.2"; "Droid"
// when no version was detected).
func who(v string) string {
	if v == "" {
		return "Droid"
	}
	return "Droid " + v
}
