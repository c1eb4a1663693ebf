package catalog

// GitHub Copilot CLI's codes (it reads only its environment) and the
// shell profile block setup keeps its variables in.
const (
	CopilotModelUnset Code = "copilot-model-unset"
	ProfileNotLoaded  Code = "profile-not-loaded"
)

// copilotEntries are the codes of a tool kept in the shell's profile.
var copilotEntries = []Entry{
	{Code: CopilotModelUnset, Class: Config, Rung: CondValues, Severity: Error, FixRank: 47, Title: "GitHub Copilot CLI has a provider but no model",
		Causes: []string{
			"COPILOT_PROVIDER_BASE_URL switches GitHub Copilot CLI to a bring-your-own-key provider, which needs an explicit model: COPILOT_MODEL or --model (a model in ~/.copilot/settings.json is ignored); without one every turn stops with \"BYOK providers require an explicit model\" before any request",
		},
		Fix:      "[{edit}][!edit export COPILOT_MODEL=<a model the gateway serves> where COPILOT_PROVIDER_BASE_URL is set][, or run '{command}']",
		Symptoms: []string{"byok providers require an explicit model", "require an explicit model"},
		Explains: []Code{EnvMissing},
	},
	{Code: ProfileNotLoaded, Class: Config, Rung: CondEnvironment, Severity: Warning, FixRank: 176, Title: "the shell profile's keydoctor block has not reached this shell",
		Causes: []string{
			"setup wrote the variables into a block of the shell's profile, which a shell reads when it starts: the terminal that was open before, and every tool started from it, does not have them (or has other values)",
			"the shell that runs the tool reads another file (a login shell reads ~/.bash_profile or ~/.profile, not ~/.bashrc; zsh reads $ZDOTDIR/.zshrc)",
		},
		Fix:      "open a new terminal and start the tool from there[, or read the profile into this one: {command}][ ({file} sets {key})]",
		Symptoms: []string{"added it to my bashrc", "added to .zshrc but", "works in a new terminal"},
		Explains: []Code{EnvMissing},
	},
}
