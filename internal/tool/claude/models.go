package claude

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// Claude Code's model aliases (docs/tools.md, observed with 2.1.197 and
// 2.1.332): a
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
	Builtin string // the newest version's built-in id (BuiltinFor)
}

// BuiltinFor is the id the alias falls to in Claude Code of version v
// (Builtins; "" : the newest).
func (a Alias) BuiltinFor(v string) string { return Builtins.Value(v)[a.Name] }

// claudeAliases: opus, sonnet, haiku and fable by their variables;
// opusplan is opus only in plan mode, so a headless turn takes sonnet;
// best is opus on any base URL but Anthropic's own. "default" is no alias:
// Claude Code sends it as it is, and the gateway answers 404 (so is
// "mythos", a name the 2.1.332 bundle lists: sent as it is ✓).
var claudeAliases = map[string]Alias{
	"opus":     {Name: "opus", Var: DefaultOpusModel},
	"sonnet":   {Name: "sonnet", Var: DefaultSonnetModel},
	"haiku":    {Name: "haiku", Var: BackgroundModel},
	"fable":    {Name: "fable", Var: DefaultFableModel},
	"opusplan": {Name: "sonnet", Var: DefaultSonnetModel},
	"best":     {Name: "opus", Var: DefaultOpusModel},
}

// Builtins are the ids each alias falls to when its variable is unset,
// by version: each was a -p turn against keydoctor mock with
// ANTHROPIC_MODEL set to the alias (docs/tools.md, "Claude Code").
var Builtins = tool.Facts[map[string]string]{
	{Seen: []string{"2.1.197"}, Value: map[string]string{
		"opus": "claude-opus-4-8", "sonnet": "claude-sonnet-5", "haiku": DefaultBackgroundModel, "fable": "claude-fable-5"}},
	{From: "2.1.332", Seen: []string{"2.1.332"}, Value: map[string]string{
		"opus": "claude-opus-5-5", "sonnet": "claude-sonnet-5-5", "haiku": "claude-haiku-5-5", "fable": "claude-fable-5-2"}},
}

// AliasOf reports the alias a model setting names, if it names one:
// case does not matter, and a trailing [1m] (the long-context variant)
// is dropped from the request.
func AliasOf(model string) (Alias, bool) {
	m := strings.ToLower(strings.TrimSpace(model))
	m = strings.TrimSpace(strings.TrimSuffix(m, "[1m]"))
	a, ok := claudeAliases[m]
	a.Builtin = a.BuiltinFor("")
	return a, ok
}
