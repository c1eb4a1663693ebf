package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// BenchmarkDoctorOffline is `keydoctor doctor --offline` on a home where
// every tool is configured (Claude Code through a loopback relay, Codex,
// Cline, an MCP server in VS Code, a .env in a git work tree) behind a
// proxy: it reads every file, dials the relay and the proxy, and asks git
// about the .env. Target: under 50 ms per run. The sub-benchmark without
// a git work tree shows what the one git process costs.
func BenchmarkDoctorOffline(b *testing.B) {
	b.Run("git", func(b *testing.B) { benchDoctorOffline(b, true) })
	b.Run("no-git", func(b *testing.B) { benchDoctorOffline(b, false) })
}

func benchDoctorOffline(b *testing.B, gitRepo bool) {
	const key = "sk-test-0123456789abcdef0123"
	dir := testutil.TempDir(b)
	relay := listen(b)
	proxy := listen(b)
	files := map[string]string{
		".claude/settings.json":               `{"env":{"ANTHROPIC_BASE_URL":"http://` + relay + `","ANTHROPIC_AUTH_TOKEN":"PROXY_MANAGED","ANTHROPIC_MODEL":"gpt-4o"}}`,
		".claude.json":                        `{"customApiKeyResponses":{"approved":[],"rejected":["abcdefghijklmnopqrst"]}}`,
		".codex/config.toml":                  "model = \"gpt-4o\"\nmodel_provider = \"gw\"\n[model_providers.gw]\nname = \"gw\"\nbase_url = \"https://gateway.example/api/v1\"\nenv_key = \"TAOTOKEN_API_KEY\"\nwire_api = \"responses\"\n",
		".codex/auth.json":                    `{"OPENAI_API_KEY": null}`,
		".cline/data/settings/providers.json": `{"version":1,"lastUsedProvider":"openai-compatible","modes":{},"providers":{"openai-compatible":{"settings":{"provider":"openai-compatible","apiKey":"` + key + `","model":"gpt-4o","baseUrl":"https://gateway.example/api/v1"},"updatedAt":"2026-11-29T21:35:09.883Z","tokenSource":"manual"}}}`,
		".config/Code/User/settings.json":     "{\n  // comment\n  \"editor.fontSize\": 14,\n}\n",
		".config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json": `{"mcpServers":{"gw":{"command":"npx","env":{"TAOTOKEN_BASE_URL":"https://gateway.example/api","TAOTOKEN_API_KEY":"` + key + `","TAOTOKEN_MODEL":"gpt-4o"}}}}`,
		"proj/.env":       "TAOTOKEN_BASE_URL=https://gateway.example/api\nTAOTOKEN_API_KEY=" + key + "\nTAOTOKEN_MODEL=gpt-4o\n",
		"proj/.gitignore": ".env\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := exec.LookPath("git"); err == nil && gitRepo {
		if err := exec.Command("git", "init", "-q", filepath.Join(dir, "proj")).Run(); err != nil {
			b.Fatal(err)
		}
	}
	vars := map[string]string{
		"HOME": dir, "TAOTOKEN_API_KEY": key, "TAOTOKEN_BASE_URL": "https://gateway.example/api", "TAOTOKEN_MODEL": "gpt-4o",
		"HTTPS_PROXY": "http://" + proxy, "NO_PROXY": "localhost,127.0.0.1,::1", "NO_COLOR": "1",
	}
	e := env.FromMap(vars)
	e.GOOS = "linux"
	var out bytes.Buffer
	b.ResetTimer()
	for b.Loop() {
		out.Reset()
		o := &doctorOptions{Offline: true, Project: filepath.Join(dir, "proj"), Timeout: 10e9, Env: e, Out: &out}
		if err := runDoctor(context.Background(), o); err != nil {
			b.Fatalf("doctor: %v\n%s", err, out.String())
		}
	}
}

func listen(b *testing.B) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	return l.Addr().String()
}
