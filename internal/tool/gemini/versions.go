package gemini

import "github.com/keydoctor/keydoctor/internal/tool"

// Sheet is what one range of Gemini CLI versions does with the settings
// doctor judges (docs/tools.md, "Gemini CLI"): the checks look it up for
// the version installed.
type Sheet struct {
	// NeedsAuthType: with a base URL set and no saved
	// security.auth.selectedType, it guesses the "gateway" auth type and
	// headless runs stop before any request ("Invalid auth method
	// selected.", exit 41).
	NeedsAuthType bool
	// SavedAuthWins: a saved selectedType other than gemini-api-key beats
	// GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL.
	SavedAuthWins bool
	// UsageStatsOn: usage statistics go to Google (play.googleapis.com)
	// unless privacy.usageStatisticsEnabled is false.
	UsageStatsOn bool
}

// Facts are the sheets by version, oldest first: 0.61.0 was run against
// keydoctor mock (2026-12-01, the truth harness and by hand).
var Facts = tool.Facts[Sheet]{
	{Seen: []string{"0.61.0"}, Value: Sheet{NeedsAuthType: true, SavedAuthWins: true, UsageStatsOn: true}},
}

// DotEnvFacts are how Gemini CLI reads the .env it loads (Tool.DotEnv):
// 0.61.0 through the truth harness (the shell wins, a BOM file, export
// and quotes) against keydoctor mock.
var DotEnvFacts = tool.Facts[tool.DotEnvRules]{
	{Seen: []string{"0.61.0"}, Value: tool.DotEnvRules{ShellWins: true, ReadsBOM: true, Export: true, Quotes: true}},
}
