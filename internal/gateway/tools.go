// Package gateway is keydoctor's domain: the profile (base URL, key, model),
// the per-tool URL rules observed with the real clients (design.md §1), URL
// normalisation and key masking. Every other package asks it; none repeats it.
package gateway

import (
	"fmt"
	"strings"
)

// Protocol is a wire protocol a tool speaks to the gateway.
type Protocol string

const (
	Chat      Protocol = "chat"      // OpenAI chat completions
	Messages  Protocol = "messages"  // Anthropic messages
	Responses Protocol = "responses" // OpenAI Responses
)

// Protocols lists every protocol, in display order.
var Protocols = []Protocol{Chat, Messages, Responses}

// ParseProtocol accepts the names used on the command line.
func ParseProtocol(s string) (Protocol, error) {
	switch Protocol(strings.ToLower(strings.TrimSpace(s))) {
	case Chat, "chat-completions", "openai":
		return Chat, nil
	case Messages, "anthropic":
		return Messages, nil
	case Responses:
		return Responses, nil
	}
	return "", fmt.Errorf("unknown protocol %q (want chat, messages or responses)", s)
}

// Path is the request path below the gateway root, version included.
func (p Protocol) Path() string {
	switch p {
	case Messages:
		return "/v1/messages"
	case Responses:
		return "/v1/responses"
	default:
		return "/v1/chat/completions"
	}
}

// Terminator is what ends a complete stream of this protocol: an answer
// that stops before it was cut off.
func (p Protocol) Terminator() string {
	switch p {
	case Messages:
		return "message_stop"
	case Responses:
		return "response.completed"
	default:
		return "data: [DONE]"
	}
}

// ToolID names a tool keydoctor configures or reasons about.
type ToolID string

const (
	Claude       ToolID = "claude"    // Claude Code
	Codex        ToolID = "codex"     // Codex CLI
	Cline        ToolID = "cline"     // Cline CLI and its MCP settings
	VSCode       ToolID = "vscode"    // Cline in VS Code-family editors (MCP settings)
	DotEnv       ToolID = "env"       // the project's .env
	OpenAISDK    ToolID = "openai"    // OpenAI SDKs and curl via OPENAI_BASE_URL
	AnthropicSDK ToolID = "anthropic" // Anthropic SDKs via ANTHROPIC_BASE_URL
)

// Auth is how a tool presents the key.
type Auth string

const (
	AuthBearer  Auth = "bearer"    // Authorization: Bearer KEY
	AuthXAPIKey Auth = "x-api-key" // x-api-key: KEY
)

// Tool is one row of the table in design.md §1: the single place that says
// which protocol a tool speaks and whether its base URL carries /v1.
type Tool struct {
	ID       ToolID
	Title    string
	Protocol Protocol
	// BaseHasVersion: the base URL the tool is given must end in /v1 (the
	// tool appends only the endpoint). When false the tool appends /v1/...
	// itself, and a base ending in /v1 makes it request /v1/v1/... .
	BaseHasVersion bool
	Auth           Auth
	// Setup is true for tools `keydoctor setup --tools` can write.
	Setup bool
}

// Tools is the table. Order is display order.
var Tools = []Tool{
	{ID: Claude, Title: "Claude Code", Protocol: Messages, BaseHasVersion: false, Auth: AuthBearer, Setup: true},
	{ID: Codex, Title: "Codex CLI", Protocol: Responses, BaseHasVersion: true, Auth: AuthBearer, Setup: true},
	{ID: Cline, Title: "Cline", Protocol: Chat, BaseHasVersion: true, Auth: AuthBearer, Setup: true},
	// The MCP server entry and .env carry the gateway root, the seeds'
	// convention (TAOTOKEN_BASE_URL=https://taotoken.net/api).
	{ID: VSCode, Title: "Cline (VS Code)", Protocol: Chat, BaseHasVersion: false, Auth: AuthBearer, Setup: true},
	{ID: DotEnv, Title: ".env", Protocol: Chat, BaseHasVersion: false, Auth: AuthBearer, Setup: true},
	{ID: OpenAISDK, Title: "OpenAI SDK", Protocol: Chat, BaseHasVersion: true, Auth: AuthBearer},
	{ID: AnthropicSDK, Title: "Anthropic SDK", Protocol: Messages, BaseHasVersion: false, Auth: AuthXAPIKey},
}

// ClaudeDefaultBackgroundModel is the model Claude Code sends its
// background requests (titles, summaries, quick tool calls) to when neither
// ANTHROPIC_DEFAULT_HAIKU_MODEL nor ANTHROPIC_SMALL_FAST_MODEL names one
// (observed with Claude Code 2.1.197). They go through the same gateway:
// one that does not serve this id answers them 404, and Claude Code then
// says the model "may not exist" while the main model works.
const ClaudeDefaultBackgroundModel = "claude-haiku-4-5-20251001"

// LookupTool finds a tool by id.
func LookupTool(id string) (Tool, bool) {
	for _, t := range Tools {
		if string(t.ID) == strings.ToLower(strings.TrimSpace(id)) {
			return t, true
		}
	}
	return Tool{}, false
}

// ParseTools parses a comma-separated --tools value into setup targets.
func ParseTools(list string) ([]ToolID, error) {
	var out []ToolID
	seen := map[ToolID]bool{}
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		t, ok := LookupTool(part)
		if !ok || !t.Setup {
			return nil, fmt.Errorf("unknown tool %q (want claude, codex, cline, vscode or env)", part)
		}
		if !seen[t.ID] {
			seen[t.ID] = true
			out = append(out, t.ID)
		}
	}
	return out, nil
}

// Base is the base URL to give the tool for a gateway root.
func (t Tool) Base(root string) string {
	root = strings.TrimRight(root, "/")
	if t.BaseHasVersion {
		return root + "/v1"
	}
	return root
}

// RequestURL is the URL the tool will request for a gateway root.
func (t Tool) RequestURL(root string) string {
	return strings.TrimRight(root, "/") + t.Protocol.Path()
}

// WillRequest is the URL the tool will request when configured with base
// exactly as written (no normalisation): what the tool does, not what we
// would wish it did.
func (t Tool) WillRequest(base string) string {
	base = strings.TrimRight(strings.TrimSpace(base), "/")
	if t.BaseHasVersion {
		return base + strings.TrimPrefix(t.Protocol.Path(), "/v1")
	}
	return base + t.Protocol.Path()
}
