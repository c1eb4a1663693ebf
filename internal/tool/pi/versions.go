package pi

import "github.com/keydoctor/keydoctor/internal/tool"

// Sheet is what one range of Pi versions does with the files doctor
// judges (docs/tools.md, "Pi"): the checks look it up for the version
// installed.
type Sheet struct {
	// FallsBackSilently: a defaultProvider models.json does not have, a
	// provider with models but no baseUrl/apiKey/api (models.json is then
	// rejected whole), or a defaultModel its provider does not declare
	// makes pi start with another model, without a word.
	FallsBackSilently bool
	// SendsUnsetVarName: an apiKey naming a variable that is not set is
	// sent as is, the name itself as the key.
	SendsUnsetVarName bool
	// ProjectSettingsWin: the project's .pi/settings.json is merged over
	// the global settings.json.
	ProjectSettingsWin bool
	// AuthFileWins: auth.json's key for a provider is sent, not
	// models.json's apiKey.
	AuthFileWins bool
}

// Observed is the Pi version these facts were observed with
// (docs/tools.md, "Pi"; again by the truth harness in session 5).
const Observed = "0.73.1"

// Facts are the sheets by version, oldest first.
var Facts = tool.Facts[Sheet]{
	{Seen: []string{Observed}, Value: Sheet{FallsBackSilently: true, SendsUnsetVarName: true, ProjectSettingsWin: true, AuthFileWins: true}},
}

// who names pi of version v for a message ("pi 0.73.1"; "pi" when no
// version was detected).
func who(v string) string {
	if v == "" {
		return "pi"
	}
	return "pi " + v
}
