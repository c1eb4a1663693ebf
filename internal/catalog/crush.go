package catalog

// crushEntries are Crush's own traps (read in its source after v0.90.0
// and observed with it, docs/tools.md "Crush"); its doubled Anthropic /v1
// is url-double-version, judged by the anthropic provider's own rule.
var crushEntries = []Entry{
	{Code: CrushModelFallback, Class: Config, Rung: CondValues, Severity: Error, FixRank: 47, Title: "Crush's model is not declared under its provider: Crush replaces it",
		Causes: []string{
			"models.large (or models.small) names a model that the provider's models list does not declare: Crush silently selects its default model instead (a built-in provider's default when one has a key in the environment, else the first model of the first provider configured) and writes that choice into its data file (~/.local/share/crush/crush.json), where it beats crush.json from then on",
		},
		Fix:      "[add an entry with id and name \"{value}\" to {key} in {file}[, or run '{command}'], and delete models.large and models.small from {was|Crush's data file} if Crush already wrote its fallback there][!value declare the model in the provider's models list of ~/.config/crush/crush.json, e.g. an entry with id and name \"gpt-4o\" in providers.taotoken.models (`keydoctor setup --tools crush` writes it), and delete the fallback Crush wrote into models.large of its data file, ~/.local/share/crush/crush.json]",
		Symptoms: []string{"using large model as small model", "failed to update preferred large model", "no providers configured"},
		Explains: []Code{ModelNotFound, AuthInvalid},
	},
	{Code: CrushScriptUnread, Class: Config, Rung: CondPrecedence, Severity: Info, FixRank: 161, Title: "a crushrc script may override Crush's JSON config",
		Causes: []string{
			"a crushrc (or .crushrc) is a Bash script Crush runs at start and merges over the crush.json of its directory: keydoctor never runs it, so a provider or model it sets is not in what keydoctor reports",
		},
		Fix:      "[check that {file} sets no provider or model for the gateway (its `provider add` and `model` lines beat crush.json), or move them into {key|~/.config/crush/crush.json}][!file check that the crushrc sets no provider or model for the gateway, or move those lines into ~/.config/crush/crush.json]",
		Symptoms: []string{"crushrc", "shell config"},
	},
}
