package gemini

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen is the version this package's facts were observed with
// (facts.go).
const factsSeen = Observed

// Truths are the facts internal/truth checks against the installed
// Gemini CLI (docs/tools.md, "Gemini CLI").
func (impl) Truths() truth.Suite {
	const triple = "GOOGLE_GEMINI_BASE_URL={root}\nGEMINI_API_KEY={key}\n"
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"-p", "{prompt}", "--output-format", "text"},
		Models:  []string{"gemini-2.5-flash", "gemini-2.5-pro"},
		Files: map[string]string{"~/.gemini/settings.json": `{"privacy": {"usageStatisticsEnabled": false},
  "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false},
  "security": {"auth": {"selectedType": "` + APIKeyAuth + `"}}}`},
		Cases: []truth.Case{
			{Fact: "~/.gemini/.env: GEMINI_API_KEY goes as x-goog-api-key to {root}/v1beta/models/MODEL:streamGenerateContent", Seen: factsSeen,
				Files: map[string]string{"~/.gemini/.env": triple + "GEMINI_MODEL=gemini-2.5-flash\n"}},
			{Fact: "the shell's variables beat the .env's", Seen: factsSeen,
				Files: map[string]string{"~/.gemini/.env": triple + "GEMINI_MODEL=gemini-2.5-flash\n"},
				Env:   map[string]string{"GEMINI_MODEL": "gemini-2.5-pro"}},
			{Fact: "the project's .gemini/.env is read before ~/.gemini/.env, and files never merge", Seen: factsSeen,
				Files: map[string]string{"~/.gemini/.env": "GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:9/unused\nGEMINI_API_KEY={other}\nGEMINI_MODEL=gemini-2.5-pro\n",
					".gemini/.env": triple + "GEMINI_MODEL=gemini-2.5-flash\n"}},
			{Fact: "the project's .env is read when there is no .gemini/.env", Seen: factsSeen,
				Files: map[string]string{".env": triple + "GEMINI_MODEL=gemini-2.5-flash\n"}},
			{Fact: "a ~/.gemini/.env with a UTF-8 byte order mark is read; the .env is left as it was", Seen: factsSeen,
				Files: map[string]string{"~/.gemini/.env": "\ufeff" + triple + "GEMINI_MODEL=gemini-2.5-flash\n"},
				Expect: func(string) truth.Expect {
					return truth.Expect{Files: map[string]truth.FileState{"~/.gemini/.env": truth.Kept}}
				}},
			{Fact: "~/.gemini/.env: an export prefix, quoted values and a comment after a bare one are read as dotenv reads them", Seen: factsSeen,
				Files: map[string]string{"~/.gemini/.env": "export GOOGLE_GEMINI_BASE_URL=\"{root}\"\nGEMINI_API_KEY='{key}'\nGEMINI_MODEL=gemini-2.5-flash # the fast one\n"}},
			{Fact: "with a base URL and no saved selectedType, a headless run stops before any request", Seen: factsSeen,
				Files: map[string]string{"~/.gemini/.env": triple + "GEMINI_MODEL=gemini-2.5-flash\n",
					"~/.gemini/settings.json": `{"privacy": {"usageStatisticsEnabled": false}, "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false}}`},
				Expect: func(v string) truth.Expect { return truth.Expect{NoRequest: Facts.Value(v).NeedsAuthType} }},
			{Fact: "a saved selectedType other than gemini-api-key beats the variables: nothing reaches the gateway", Seen: factsSeen,
				Files: map[string]string{"~/.gemini/.env": triple + "GEMINI_MODEL=gemini-2.5-flash\n",
					"~/.gemini/settings.json": `{"privacy": {"usageStatisticsEnabled": false}, "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false}, "security": {"auth": {"selectedType": "vertex-ai"}}}`},
				Expect: func(v string) truth.Expect { return truth.Expect{NoRequest: Facts.Value(v).SavedAuthWins} }},
		},
	}
}
