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
	msgs := []map[string]string{{"role": "user", "content": prompt}}
	var body map[string]any
	switch r.Protocol {
	case gateway.Messages:
		body = map[string]any{"model": r.Model, "max_tokens": maxTokens, "messages": msgs}
	case gateway.Responses:
		body = map[string]any{"model": r.Model, "input": prompt, "max_output_tokens": maxTokens}
	case gateway.Gemini:
		// The model and streaming are in the path.
		b, _ := json.Marshal(geminiBody(prompt, maxTokens))
		return b
	default:
		body = map[string]any{"model": r.Model, "messages": msgs, "max_tokens": maxTokens}
		if r.Stream {
			// Without this, OpenAI-compatible streams carry no usage.
			body["stream_options"] = map[string]bool{"include_usage": true}
		}
	}
	if r.Stream {
		body["stream"] = true
	}
	b, _ := json.Marshal(body) // maps of strings and ints always marshal
	return b
}

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
	redact.Scrub(&h, req.Key)
	return h
}
