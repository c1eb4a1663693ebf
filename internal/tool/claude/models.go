package claude

import "strings"

// Claude Code's model aliases (docs/tools.md, observed with 2.1.197): a
// model setting (ANTHROPIC_MODEL, the settings' "model" key) that names an
// alias is resolved through the alias's ANTHROPIC_DEFAULT_*_MODEL variable
// when that is set and not empty, else to Claude Code's built-in id. With
// no model setting at all, a turn uses the default alias. This is how GLM,
// Kimi and DeepSeek guides configure it: the DEFAULT variables alone.
const (
	DefaultOpusModel   = "ANTHROPIC_DEFAULT_OPUS_MODEL"
	DefaultSonnetModel = "ANTHROPIC_DEFAULT_SONNET_MODEL"
	DefaultFableModel  = "ANTHROPIC_DEFAULT_FABLE_MODEL"
	// DefaultAlias is the alias a turn uses when nothing names a
	// model: with only ANTHROPIC_DEFAULT_SONNET_MODEL set, a turn still
	// asks for the opus model.
	DefaultAlias = "opus"
)

// Alias is what one alias resolves through: the variable that names
// its model, else the built-in id Claude Code requests.
type Alias struct {
	Name    string // the alias as Claude Code knows it: opus
	Var     string // ANTHROPIC_DEFAULT_OPUS_MODEL
	Builtin string // claude-opus-4-8
}

// claudeAliases: opus, sonnet, haiku and fable by their variables;
// opusplan is opus only in plan mode, so a headless turn takes sonnet;
// best is opus on any base URL but Anthropic's own. "default" is no alias:
// Claude Code sends it as it is, and the gateway answers 404.
var claudeAliases = map[string]Alias{
	"opus":     {"opus", DefaultOpusModel, "claude-opus-4-8"},
	"sonnet":   {"sonnet", DefaultSonnetModel, "claude-sonnet-5"},
	"haiku":    {"haiku", BackgroundModel, DefaultBackgroundModel},
	"fable":    {"fable", DefaultFableModel, "claude-fable-5"},
	"opusplan": {"sonnet", DefaultSonnetModel, "claude-sonnet-5"},
	"best":     {"opus", DefaultOpusModel, "claude-opus-4-8"},
}

// AliasOf reports the alias a model setting names, if it names one:
// case does not matter, and a trailing [1m] (the long-context variant)
// is dropped from the request.
func AliasOf(model string) (Alias, bool) {
	m := strings.ToLower(strings.TrimSpace(model))
	m = strings.TrimSpace(strings.TrimSuffix(m, "[1m]"))
	a, ok := claudeAliases[m]
	return a, ok
}
