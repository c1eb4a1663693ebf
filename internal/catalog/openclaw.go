package catalog

// OpenClawModelName: a model entry of an OpenClaw provider has no name.
const OpenClawModelName Code = "openclaw-model-name"

// openClawEntries are OpenClaw's configuration codes (observed with
// openclaw 2026.9.6, docs/tools.md "OpenClaw").
var openClawEntries = []Entry{
	{Code: OpenClawModelName, Class: Config, Rung: CondFiles, Severity: Error, FixRank: 47, FileFix: true, Title: "an OpenClaw model entry has no name",
		Causes: []string{
			"every entry of models.providers.ID.models in OpenClaw's openclaw.json needs a \"name\" beside its \"id\": without one OpenClaw rejects the whole config at load (\"OpenClaw config is invalid … models.providers[\"ID\"].models[0].name: Invalid input: expected string, received undefined\") and runs nothing, whichever provider the entry belongs to",
		},
		Fix:      "add name: \"{value|the model's id}\" to the entry[ at {file}][ ({key})], or run '{command|keydoctor setup --tools openclaw}' (it names the entry of the model it writes)",
		Symptoms: []string{".name: invalid input", "openclaw config is invalid", "expected string, received undefined"},
		Explains: []Code{ConfigInvalid},
	},
}
