package catalog

// Factory Droid's codes (docs/tools.md, "Factory Droid"; 0.225.2). They
// are declared here rather than in codes.go's block so that each tool's
// codes land in a file of their own; they are a contract all the same.
const (
	DroidExecFailed      Code = "droid-exec-failed"
	DroidModelUnselected Code = "droid-model-unselected"
)

// droidEntries are Factory Droid's configuration codes.
var droidEntries = []Entry{
	{Code: DroidExecFailed, Class: Config, Rung: CondFiles, Severity: Warning, FixRank: 47, Title: "Factory Droid's last run failed: its log names the cause",
		Causes: []string{
			"`droid exec` prints \"Error during droid execution: Exec failed\" whatever went wrong (a 401, a 404 from a doubled /v1, an unknown model): the cause is written only to its log, ~/.factory/logs/droid-log-single.log, which every run appends to",
		},
		Fix:      "read what Droid's log, {file|~/.factory/logs/droid-log-single.log}, says of the last run (its WARN and ERROR lines) and fix that: a 401 is the key of the custom model, a 404 its baseUrl (an anthropic provider's has no /v1), \"Invalid model\" the -m id or sessionDefaultSettings.model; then '{command|keydoctor verify droid}' runs one turn and shows the log's lines if it fails",
		Symptoms: []string{"exec failed", "error during droid execution", "droid-log-single.log"},
		Explains: []Code{AuthInvalid, EndpointNotFound, ModelNotFound},
	},
	{Code: DroidModelUnselected, Class: Config, Rung: CondValues, Severity: Error, FixRank: 46, FileFix: false, Title: "Factory Droid's default model is not a custom model",
		Causes: []string{
			"sessionDefaultSettings.model is unset, or names a model that is not one of the custom models (customModels in ~/.factory/settings.json or a project's .factory/settings.json, custom_models in the legacy config.json): `droid exec` without -m then runs Factory's own default model, which needs a Factory login, or stops with \"Invalid model\"",
			"a custom model's id is \"custom:\" + its displayName with each run of spaces a \"-\" + \"-n\", n counting the earlier entries of that name in its file: renaming or reordering entries changes the id",
		},
		Fix:      "[set {key|sessionDefaultSettings.model} to {value}[ in {file}]][!value set sessionDefaultSettings.model to the custom:… id of the gateway's entry (`droid exec -m custom:x` lists the ids)][, or run '{command}']",
		Symptoms: []string{"invalid model: custom:", "available custom models:"},
	},
}
