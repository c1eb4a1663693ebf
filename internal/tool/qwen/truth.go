package qwen

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen are the versions this package's facts were observed with
// (facts.go; each run through the harness with both, 2026-12-02).
const factsSeen = "0.15.10, 0.24.4"

// Truths are the facts internal/truth checks against the installed Qwen
// Code (docs/tools.md, "Qwen Code"); the cases of a file Qwen Code cannot
// parse expect what Facts say for the version run.
func (impl) Truths() truth.Suite {
	const user = "~/.qwen/settings.json"
	body := func(key, extra string) string {
		return `{"privacy": {"usageStatisticsEnabled": false},
  "security": {"auth": {"selectedType": "openai", "baseUrl": "{root}/v1", "apiKey": "` + key + `"}},
  "model": {"name": "gpt-4o"}` + extra + `}`
	}
	settings := func(key, extra string) string { return `{"$version": 4, ` + body(key, extra)[1:] }
	kept := func(string) truth.Expect { return truth.Expect{Files: map[string]truth.FileState{user: truth.Kept}} }
	// broken is what a file Qwen Code does not parse comes to.
	broken := func(s Sheet) truth.Expect {
		left := map[Broken]truth.FileState{Renamed: truth.Gone, Emptied: truth.Changed, Refused: truth.Kept}[s.Broken]
		return truth.Expect{NoRequest: true, Files: map[string]truth.FileState{user: left}}
	}
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"-p", "{prompt}"},
		Cases: []truth.Case{
			{Fact: "settings.json security.auth: the apiKey goes as Bearer to {baseUrl}/chat/completions, model.name is the model; the file is left as it was", Seen: factsSeen,
				Files: map[string]string{user: settings("{key}", "")}, Expect: kept},
			{Fact: "OPENAI_API_KEY in the shell beats security.auth.apiKey", Seen: factsSeen,
				Files: map[string]string{user: settings("{other}", "")},
				Env:   map[string]string{"OPENAI_API_KEY": "{key}"}},
			{Fact: "model.name beats OPENAI_MODEL", Seen: factsSeen,
				Files: map[string]string{user: settings("{key}", "")},
				Env:   map[string]string{"OPENAI_MODEL": "gpt-4o-mini"}},
			{Fact: "the modelProviders entry of the model: its envKey variable beats the apiKey", Seen: factsSeen,
				Files: map[string]string{user: settings("{other}", `,
  "modelProviders": {"openai": [{"id": "gpt-4o", "baseUrl": "{root}/v1", "envKey": "GW_API_KEY"}]}`)},
				Env: map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "OPENAI_API_KEY in ~/.qwen/.env beats security.auth.apiKey", Seen: factsSeen,
				Files: map[string]string{user: settings("{other}", ""), "~/.qwen/.env": "OPENAI_API_KEY={key}\n"}},
			{Fact: "the project's .env is found first: it beats ~/.qwen/.env", Seen: factsSeen,
				Files: map[string]string{user: settings("{other}", ""), "~/.qwen/.env": "OPENAI_API_KEY={other}\n", ".env": "OPENAI_API_KEY={key}\n"}},
			{Fact: "the shell's OPENAI_API_KEY beats ~/.qwen/.env's", Seen: factsSeen,
				Files: map[string]string{user: settings("{other}", ""), "~/.qwen/.env": "OPENAI_API_KEY={other}\n"},
				Env:   map[string]string{"OPENAI_API_KEY": "{key}"}},
			{Fact: "a ~/.qwen/.env with a UTF-8 byte order mark: its first variable is read", Seen: factsSeen,
				Files: map[string]string{user: settings("{other}", ""), "~/.qwen/.env": "\ufeffOPENAI_API_KEY={key}\n"}},
			{Fact: "~/.qwen/.env: an export prefix and a quoted value are read as dotenv reads them", Seen: factsSeen,
				Files: map[string]string{user: settings("{other}", ""), "~/.qwen/.env": "export OPENAI_API_KEY=\"{key}\" # the gateway's\n"}},
			{Fact: "a settings.json without $version is read, and rewritten with it", Seen: factsSeen,
				Files: map[string]string{user: body("{key}", "")},
				Expect: func(string) truth.Expect {
					return truth.Expect{Files: map[string]truth.FileState{user: truth.Changed}}
				}},
			{Fact: "a future $version is read as it is and left alone", Seen: factsSeen,
				Files: map[string]string{user: `{"$version": 99, ` + body("{key}", "")[1:]}, Expect: kept},
			{Fact: "a UTF-8 byte order mark: read (0.24.4), or the file reset as one that does not parse (0.15.10)", Seen: factsSeen,
				Files: map[string]string{user: "\ufeff" + settings("{key}", "")},
				Expect: func(v string) truth.Expect {
					if s := Facts.Value(v); !s.ReadsBOM {
						return broken(s)
					}
					return kept(v)
				}},
			{Fact: "a trailing comma: no request; the file renamed (0.15.10), emptied (0.21–0.23) or kept while Qwen Code refuses to start (0.24.4)", Seen: factsSeen,
				Files:  map[string]string{user: settings("{key}", ",\n")},
				Expect: func(v string) truth.Expect { return broken(Facts.Value(v)) }},
		},
	}
}
