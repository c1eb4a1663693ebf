package writers

const codexConfigRealLooking = `# Codex configuration
model = "o3"   # the default model
approval_policy = "on-request"

[features]
web_search = true

[model_providers.azure]
name = "Azure"
base_url = "https://example.openai.azure.com/openai"
env_key = "AZURE_OPENAI_API_KEY"
query_params = { api-version = "2025-04-01-preview" }

[mcp_servers.docs]
command = "npx"
args = [
  "-y",
  "@example/docs-mcp", # pinned
]
env = { "DOCS_TOKEN" = "x" }

[profiles.fast]
model = "gpt-4o-mini"
model_provider = "azure"

[notice]
text = """
[not.a.header]
model = "neither"
"""
`

const vscodeSettings = `// VS Code settings
{
    "editor.fontSize": 14, // big
    /* Cline MCP, as a blog said */
    "cline.mcpServers": {
        "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],},
    },
    "files.exclude": {
        "**/.git": true,
    },
}
`
