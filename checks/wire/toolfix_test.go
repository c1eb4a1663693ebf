package wire

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TestCAVariable: each tool names the variable its HTTP stack reads an
// extra CA bundle from (the tool packages' ChecksCA), and a tool that
// reads none gets no such fix.
func TestCAVariable(t *testing.T) {
	python := "a Python program (a Node one reads NODE_EXTRA_CA_CERTS)"
	tests := []struct {
		id            gateway.ToolID
		who, variable string
	}{
		{gateway.ToolID("claude"), "Claude Code (a Node program)", "NODE_EXTRA_CA_CERTS"},
		{gateway.ToolID("cline"), "Cline (a Node program)", "NODE_EXTRA_CA_CERTS"},
		{gateway.ToolID("codex"), "Codex", "SSL_CERT_FILE"},
		{gateway.ToolID("openai"), python, "SSL_CERT_FILE"},
		{gateway.ToolID("anthropic"), python, "SSL_CERT_FILE"},
		{gateway.ToolID("env"), python, "SSL_CERT_FILE"},
		{gateway.ToolID("vscode"), "Cline (VS Code) (a Node program)", "NODE_EXTRA_CA_CERTS"},
		{gateway.ToolID("qwen"), "", ""},
		{"nosuchtool", "", ""},
	}
	for _, tt := range tests {
		who, v := caVariable(Path{Tool: tt.id})
		if who != tt.who || v != tt.variable {
			t.Errorf("%s: got %q %q, want %q %q", tt.id, who, v, tt.who, tt.variable)
		}
	}
}
