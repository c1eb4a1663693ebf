package verify_test

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// verifyKey is the fake key of verify's tests.
const verifyKey = "sk-test-0123456789abcdef0123"

// BenchmarkRead: verify reads a tool's files through a whole discovery
// (every tool's files); this is what that costs per run.
func BenchmarkRead(b *testing.B) {
	e, _ := envtest.Home(b, map[string]string{
		".claude/settings.json":               `{"env":{"ANTHROPIC_BASE_URL":"https://gw.example/api","ANTHROPIC_AUTH_TOKEN":"` + verifyKey + `","ANTHROPIC_MODEL":"m"}}`,
		".codex/config.toml":                  "model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/v1\"\nenv_key = \"K\"\n",
		".cline/data/settings/providers.json": `{"lastUsedProvider":"o","providers":{"o":{"settings":{"baseUrl":"https://gw.example/v1","apiKey":"k","model":"m"},"updatedAt":"x"}}}`,
	}, map[string]string{"K": verifyKey})
	for _, tool := range verify.Tools() {
		b.Run(string(tool.ID), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := verify.Read(e, tool.ID, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
