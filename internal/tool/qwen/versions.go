package qwen

import "github.com/keydoctor/keydoctor/internal/tool"

// Sheet is what one range of Qwen Code versions does with a user
// settings.json that it cannot parse as it is (docs/tools.md, "Qwen Code",
// "Versions"): doctor's checks judge the file by the sheet of the version
// installed.
type Sheet struct {
	// ReadsBOM: a file starting with a UTF-8 byte order mark is read as
	// the JSON after it; false: it does not parse, and Broken applies.
	ReadsBOM bool
	// Broken is what a file that does not parse (a trailing comma, a
	// BOM it does not read) comes to on the next start.
	Broken Broken
	// RestoresOrig: a file that does not parse is first replaced by
	// settings.json.orig, when that exists (the copy a migration left).
	RestoresOrig bool
}

// Broken is what Qwen Code does at start with a settings.json that does
// not parse.
type Broken int

const (
	// Renamed: renamed to settings.json.corrupted.<ms>, every setting
	// reset, said only in the debug log (so headless runs stop with "No
	// auth type is selected").
	Renamed Broken = iota
	// Emptied: copied to settings.json.corrupted and overwritten with {},
	// every setting reset.
	Emptied
	// Refused: the run stops at once ("Cannot read operator sandbox
	// policy from …settings.json: SyntaxError …", exit 1), a copy saved
	// as settings.json.corrupted, the file itself untouched.
	Refused
)

// Facts are the sheets by version, oldest first. 0.15.10 and 0.24.4 were
// run against keydoctor mock; 0.21.2 and 0.23.0 were read in the npm
// package's bundle (loadSettings), not run.
var Facts = tool.Facts[Sheet]{
	{Seen: []string{"0.15.10"}, Value: Sheet{ReadsBOM: false, Broken: Renamed, RestoresOrig: true}},
	{From: "0.21.2", Seen: []string{"0.21.2", "0.23.0"}, Value: Sheet{ReadsBOM: false, Broken: Emptied}},
	{From: "0.24.4", Seen: []string{"0.24.4"}, Value: Sheet{ReadsBOM: true, Broken: Refused}},
}

// what says, for a message, what a file that does not parse comes to.
func (s Sheet) what() string {
	switch s.Broken {
	case Emptied:
		return "on its next start it copies the file to settings.json.corrupted, overwrites it with {} and resets every setting, saying nothing"
	case Refused:
		return "it refuses to start (\"Cannot read operator sandbox policy from …settings.json: SyntaxError\", exit 1), keeping a copy as settings.json.corrupted"
	}
	return "on its next start it renames the file to settings.json.corrupted.<ms> (or restores settings.json.orig) and resets every setting, saying nothing"
}

// DotEnvFacts are how Qwen Code reads the .env it loads (Tool.DotEnv):
// 0.15.10 and 0.24.4 through the truth harness (the shell wins, a BOM
// file, export and quotes) against keydoctor mock.
var DotEnvFacts = tool.Facts[tool.DotEnvRules]{
	{Seen: []string{"0.15.10", "0.24.4"}, Value: tool.DotEnvRules{ShellWins: true, ReadsBOM: true, Export: true, Quotes: true}},
}
