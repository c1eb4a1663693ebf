package codex

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen is the version this package's facts were observed with
// (facts.go).
const factsSeen = Observed

// Truths are the facts internal/truth checks against the installed Codex
// (docs/tools.md, "Codex CLI").
func (impl) Truths() truth.Suite {
	const provider = `model_provider = "gw"

[model_providers.gw]
name = "gw"
base_url = "{root}/v1"
wire_api = "responses"
`
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"exec", "--skip-git-repo-check", "--ephemeral", "--sandbox", "read-only", "--color", "never", "{prompt}"},
		Cases: []truth.Case{
			{Fact: "a provider's env_key variable goes as Bearer to {base_url}/responses", Seen: factsSeen,
				Files: map[string]string{"~/.codex/config.toml": "model = \"gpt-5\"\n" + provider + "env_key = \"GW_API_KEY\"\n"},
				Env:   map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "experimental_bearer_token is sent when there is no env_key", Seen: factsSeen,
				Files: map[string]string{"~/.codex/config.toml": "model = \"gpt-5\"\n" + provider + "experimental_bearer_token = \"{key}\"\n"}},
			{Fact: "a config.toml with a UTF-8 byte order mark is read; config.toml is left as it was", Seen: factsSeen,
				Files: map[string]string{"~/.codex/config.toml": "\ufeff" + "model = \"gpt-5\"\n" + provider + "experimental_bearer_token = \"{key}\"\n"},
				Expect: func(v string) truth.Expect {
					return truth.Expect{NoRequest: !Facts.Value(v).ReadsBOM, Files: map[string]truth.FileState{"~/.codex/config.toml": truth.Kept}}
				}},
			{Fact: "a top-level profile = \"x\" stops Codex before any request; config.toml is left as it was", Seen: factsSeen,
				Files: map[string]string{"~/.codex/config.toml": "profile = \"work\"\nmodel = \"gpt-5\"\n" + provider + "experimental_bearer_token = \"{key}\"\n\n[profiles.work]\nmodel = \"gpt-5\"\n"},
				Expect: func(v string) truth.Expect {
					return truth.Expect{NoRequest: Facts.Value(v).RefusesLegacyProfile, Files: map[string]truth.FileState{"~/.codex/config.toml": truth.Kept}}
				}},
			{Fact: "wire_api = \"chat\" makes Codex refuse the config, before any request", Seen: factsSeen,
				Files:  map[string]string{"~/.codex/config.toml": "model = \"gpt-5\"\nmodel_provider = \"gw\"\n\n[model_providers.gw]\nname = \"gw\"\nbase_url = \"{root}/v1\"\nwire_api = \"chat\"\nexperimental_bearer_token = \"{key}\"\n"},
				Expect: func(v string) truth.Expect { return truth.Expect{NoRequest: Facts.Value(v).RefusesChatWire} }},
			{Fact: "requires_openai_auth sends auth.json's OPENAI_API_KEY", Seen: factsSeen,
				Files: map[string]string{"~/.codex/config.toml": "model = \"gpt-5\"\n" + provider + "requires_openai_auth = true\n",
					"~/.codex/auth.json": `{"OPENAI_API_KEY": "{key}"}`}},
			{Fact: "env_key beats a bearer token in the same table", Seen: factsSeen,
				Files: map[string]string{"~/.codex/config.toml": "model = \"gpt-5\"\n" + provider + "env_key = \"GW_API_KEY\"\nexperimental_bearer_token = \"{other}\"\n"},
				Env:   map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "CODEX_HOME moves config.toml", Seen: factsSeen,
				Files: map[string]string{"~/elsewhere/config.toml": "model = \"gpt-4o\"\n" + provider + "env_key = \"GW_API_KEY\"\n"},
				Env:   map[string]string{"GW_API_KEY": "{key}", "CODEX_HOME": "{home}/elsewhere"}},
		},
	}
}
