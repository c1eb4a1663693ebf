// Package gateway is keydoctor's domain: the profile (base URL, key, model),
// protocols and the shape of a tool's URL rule, URL normalisation and key
// masking. Every other package asks it; none repeats it. The tools
// themselves are described in internal/tool.
package gateway

import (
	"fmt"
	"net/url"
	"strings"
)

// Protocol is a wire protocol a tool speaks to the gateway.
type Protocol string

const (
	Chat      Protocol = "chat"      // OpenAI chat completions
	Messages  Protocol = "messages"  // Anthropic messages
	Responses Protocol = "responses" // OpenAI Responses
	Gemini    Protocol = "gemini"    // Google Gemini API (generateContent)
)

// Protocols lists every protocol, in display order.
var Protocols = []Protocol{Chat, Messages, Responses, Gemini}

// ParseProtocol accepts the names used on the command line.
func ParseProtocol(s string) (Protocol, error) {
	switch Protocol(strings.ToLower(strings.TrimSpace(s))) {
	case Chat, "chat-completions", "openai":
		return Chat, nil
	case Messages, "anthropic":
		return Messages, nil
	case Responses:
		return Responses, nil
	case Gemini, "google":
		return Gemini, nil
	}
	return "", fmt.Errorf("unknown protocol %q (want chat, messages, responses or gemini)", s)
}

// Path is the request path below the gateway root, version included.
// Gemini's names the model in the path: Path shows it as {model}, the
// streaming call a client makes (RequestPath fills it in).
func (p Protocol) Path() string {
	switch p {
	case Messages:
		return "/v1/messages"
	case Responses:
		return "/v1/responses"
	case Gemini:
		return GeminiPathPrefix + "{model}" + GeminiStream
	default:
		return "/v1/chat/completions"
	}
}

// Gemini API paths: POST /v1beta/models/{model}:generateContent (whole
// answer) or :streamGenerateContent?alt=sse (server-sent events); the
// model list is GET /v1beta/models.
const (
	GeminiPathPrefix = "/v1beta/models/"
	GeminiGenerate   = ":generateContent"
	GeminiStream     = ":streamGenerateContent"
	GeminiSSEQuery   = "alt=sse"
)

// Version is the version segment the protocol's paths start with.
func (p Protocol) Version() string {
	if p == Gemini {
		return "/v1beta"
	}
	return "/v1"
}

// RequestPath is the path (and query) of one request for model: Path,
// with Gemini's model and method filled in.
func (p Protocol) RequestPath(model string, stream bool) string {
	if p != Gemini {
		return p.Path()
	}
	if stream {
		return GeminiPathPrefix + url.PathEscape(model) + GeminiStream + "?" + GeminiSSEQuery
	}
	return GeminiPathPrefix + url.PathEscape(model) + GeminiGenerate
}

// ModelsPath is the path of the protocol's model list.
func (p Protocol) ModelsPath() string {
	if p == Gemini {
		return strings.TrimSuffix(GeminiPathPrefix, "/")
	}
	return "/v1/models"
}

// Terminator is what ends a complete stream of this protocol: an answer
// that stops before it was cut off.
func (p Protocol) Terminator() string {
	switch p {
	case Messages:
		return "message_stop"
	case Responses:
		return "response.completed"
	case Gemini:
		// A Gemini stream has no end event: its last chunk carries the
		// candidate's finishReason.
		return "finishReason"
	default:
		return "data: [DONE]"
	}
}

// ToolID names a tool keydoctor configures or reasons about.
type ToolID string

// Auth is how a tool presents the key.
type Auth string

const (
	AuthBearer  Auth = "bearer"         // Authorization: Bearer KEY
	AuthXAPIKey Auth = "x-api-key"      // x-api-key: KEY
	AuthGoogKey Auth = "x-goog-api-key" // x-goog-api-key: KEY (the Gemini API)
)

// Tool is a tool's wire rule: the protocol it speaks, whether its base URL
// carries /v1, the header it sends the key in and what it adds after the
// path. The tools themselves are described in internal/tool, which holds
// one Tool per tool (docs/tools.md).
type Tool struct {
	ID       ToolID
	Title    string
	Protocol Protocol
	// BaseHasVersion: the base URL the tool is given must end in /v1 (the
	// tool appends only the endpoint). When false the tool appends /v1/...
	// itself, and a base ending in /v1 makes it request /v1/v1/... .
	BaseHasVersion bool
	Auth           Auth
	// Query is what the tool adds after the path ("beta=true": a messages
	// client that requests /v1/messages?beta=true).
	Query string
}

// Base is the base URL to give the tool for a gateway root. A root that
// ends in its vendor's own version (…/api/paas/v4) gets no /v1.
func (t Tool) Base(root string) string {
	root = strings.TrimRight(root, "/")
	if t.BaseHasVersion && !otherVersion(root) {
		return root + "/v1"
	}
	return root
}

// RequestURL is the URL the tool will request for a gateway root: what it
// makes of the base Base gives it.
func (t Tool) RequestURL(root string) string {
	return t.WillRequest(t.Base(root))
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
