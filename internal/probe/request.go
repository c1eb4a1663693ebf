package probe

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// Defaults for the tiny request a probe sends.
const (
	DefaultPrompt    = "Reply with one short sentence: are you there?"
	DefaultMaxTokens = 16 // the Responses API refuses fewer than 16
	// AnthropicVersion is the anthropic-version header every Messages
	// request carries.
	AnthropicVersion = "2023-06-01"
)

// Target is the URL the request goes to.
func (r Request) Target() string {
	if r.URL != "" {
		// A tool's URL on the Gemini API names the model in the path
		// (gateway.Protocol.Path's {model}): the request fills it in.
		if pre, ok := strings.CutSuffix(r.URL, gateway.Gemini.Path()); ok && r.Protocol == gateway.Gemini {
			return pre + r.Protocol.RequestPath(r.Model, r.Stream)
		}
		return r.URL
	}
	return strings.TrimRight(r.Root, "/") + r.Protocol.RequestPath(r.Model, r.Stream)
}

func (r Request) auth() gateway.Auth {
	if r.Auth != "" {
		return r.Auth
	}
	if r.Protocol == gateway.Gemini {
		return gateway.AuthGoogKey
	}
	return gateway.AuthBearer
}

// Body is the JSON body for the request's protocol.
func (r Request) Body() []byte {
	prompt := r.Prompt
	if prompt == "" {
		prompt = DefaultPrompt
	}
	maxTokens := r.MaxTokens
	if maxTokens <= 0 {
		maxTokens = DefaultMaxTokens
	}
	var body any
	switch r.Protocol {
	case gateway.Messages:
		body = chatBody{MaxTokens: maxTokens, Messages: []message{{Content: prompt, Role: "user"}}, Model: r.Model, Stream: r.Stream}
	case gateway.Responses:
		body = responsesBody{Input: prompt, MaxOutputTokens: maxTokens, Model: r.Model, Stream: r.Stream}
	case gateway.Gemini:
		// The model and streaming are in the path.
		body = geminiBody(prompt, maxTokens)
	default:
		b := chatBody{MaxTokens: maxTokens, Messages: []message{{Content: prompt, Role: "user"}}, Model: r.Model, Stream: r.Stream}
		if r.Stream {
			// Without this, OpenAI-compatible streams carry no usage.
			b.StreamOptions = &streamOptions{IncludeUsage: true}
		}
		body = b
	}
	b, _ := json.Marshal(body) // strings, ints and bools always marshal
	return b
}

// The bodies as structs, not maps: bench sends one per request, and a
// map's marshalling cost two dozen allocations. Fields are in the order
// a map's sorted keys had, so the bytes on the wire are the same.
type (
	chatBody struct {
		MaxTokens     int            `json:"max_tokens"`
		Messages      []message      `json:"messages"`
		Model         string         `json:"model"`
		Stream        bool           `json:"stream,omitempty"`
		StreamOptions *streamOptions `json:"stream_options,omitempty"`
	}
	message struct {
		Content string `json:"content"`
		Role    string `json:"role"`
	}
	streamOptions struct {
		IncludeUsage bool `json:"include_usage"`
	}
	responsesBody struct {
		Input           string `json:"input"`
		MaxOutputTokens int    `json:"max_output_tokens"`
		Model           string `json:"model"`
		Stream          bool   `json:"stream,omitempty"`
	}
)

// headers are the request headers with the key given as key (the real key
// for the wire, "$VAR" for curl, a mask for evidence).
func (r Request) headers(key, userAgent string) http.Header {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	if r.Stream {
		h.Set("Accept", "text/event-stream")
	} else {
		h.Set("Accept", "application/json")
	}
	if userAgent != "" {
		h.Set("User-Agent", userAgent)
	}
	// As Node clients (the Node CLIs, the SDKs) do: a compression
	// layer that holds streams only for clients that accept gzip shows.
	h.Set("Accept-Encoding", "gzip")
	if r.Protocol == gateway.Messages {
		h.Set("anthropic-version", AnthropicVersion)
	}
	switch r.auth() {
	case gateway.AuthXAPIKey:
		h.Set("x-api-key", key)
	case gateway.AuthGoogKey:
		h.Set("x-goog-api-key", key)
	default:
		h.Set("Authorization", "Bearer "+key)
	}
	for k, vs := range r.Header {
		h.Del(k)
		for _, v := range vs {
			h.Add(k, v)
		}
	}
	return h
}

// shownHeader is the header req sends as a result records it: the key
// masked in its credential and wherever else a header carries it.
func shownHeader(req Request, userAgent string) http.Header {
	h := req.headers(redact.Shown(req.Key), userAgent)
	// What redact.Scrub does to a header, without its reflection: every
	// value redacted (keys are names we or the user chose, never a
	// secret); a third of a streamed request's allocations were here.
	for _, vs := range h {
		for i, v := range vs {
			vs[i] = redact.Redact(v, req.Key)
		}
	}
	return h
}
