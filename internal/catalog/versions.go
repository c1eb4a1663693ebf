package catalog

// versionEntries are the codes about the version of a tool the user runs.
var versionEntries = []Entry{
	{Code: FactsOlder, Class: Config, Rung: CondFiles, Severity: Info, FixRank: 320, Title: "the tool is newer than the version keydoctor's facts about it were observed with",
		Causes: []string{
			"each tool's facts (the files it reads and in what order, the keys and variables it honours, what it sends) were observed by running one version of it; a newer version may read another file, honour another variable or send another request, so a finding about it may no longer hold",
		},
		Fix:      "nothing to change in your files; if a finding about [{tool}][!tool the tool] looks wrong, [run '{command}'][!command run `keydoctor verify` with the tool's name]: one real turn of it shows what it really sends",
		Symptoms: []string{"newer version", "after updating", "after upgrading"},
	},
}
