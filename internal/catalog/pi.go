package catalog

// PiModelFallback is Pi's silent model switch (docs/tools.md, "Pi").
const PiModelFallback Code = "pi-model-fallback"

// piEntries are the codes of Pi's own traps (observed with 0.73.1).
var piEntries = []Entry{
	{Code: PiModelFallback, Class: Config, Rung: CondValues, Severity: Error, FixRank: 47, FileFix: true, Title: "Pi will silently use another model than settings.json names",
		Causes: []string{
			"settings.json's defaultModel is not declared under the models of the provider defaultProvider names in ~/.pi/agent/models.json (or that provider is not there): pi says nothing and starts with the first model that has a key, another gateway model or a vendor's whose key variable is set",
			"models.json fails pi's checks (a custom provider with models but no baseUrl, apiKey or api): pi drops every custom provider and falls back the same way",
		},
		Fix:      "[{edit}[, or run '{command}']][!edit declare the model under the provider's models, e.g. add the model \"gpt-4o\" to providers.taotoken.models in ~/.pi/agent/models.json (`keydoctor setup --tools pi` writes it)]",
		Symptoms: []string{"pi uses the wrong model", "defaultmodel is ignored"},
		Explains: []Code{ModelMismatch, AuthInvalid},
	},
}
