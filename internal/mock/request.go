package mock

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode"
)

// request is what the fake gateway reads from a generation request of any
// of the three protocols. Fields a protocol does not have stay zero; tools
// matter only to agent-mcp; thinking, metadata and the rest are accepted and ignored.
type request struct {
	Model         string `json:"model"`
	Stream        bool   `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	MaxTokens           int             `json:"max_tokens"`            // chat (legacy), messages
	MaxCompletionTokens int             `json:"max_completion_tokens"` // chat
	MaxOutputTokens     int             `json:"max_output_tokens"`     // responses
	Messages            json.RawMessage `json:"messages"`              // chat, messages
	System              json.RawMessage `json:"system"`                // messages: string or blocks
	Input               json.RawMessage `json:"input"`                 // responses: string or items
	Instructions        json.RawMessage `json:"instructions"`          // responses
	Tools               json.RawMessage `json:"tools"`                 // the agent-mcp scenario's (agent.go)
}

var errNoModel = errors.New("you must provide a model parameter")

// decodeRequest parses a generation request body. A body that is not a
// JSON object, or lacks a model, is the client's error (400).
func decodeRequest(body []byte) (request, error) {
	var r request
	if err := json.Unmarshal(body, &r); err != nil {
		return r, err
	}
	if strings.TrimSpace(r.Model) == "" {
		return r, errNoModel
	}
	return r, nil
}

// limit is the number of output tokens the request allows, 0 for none.
func (r request) limit() int {
	for _, n := range []int{r.MaxCompletionTokens, r.MaxOutputTokens, r.MaxTokens} {
		if n > 0 {
			return n
		}
	}
	return 0
}

// inputTokens counts the words of every string in the prompt parts: a
// deterministic stand-in for a tokenizer, at least 1.
func (r request) inputTokens() int {
	n := 0
	for _, raw := range []json.RawMessage{r.Messages, r.System, r.Input, r.Instructions} {
		if len(raw) == 0 {
			continue
		}
		var v any
		if json.Unmarshal(raw, &v) == nil {
			n += countWords(v)
		}
	}
	return max(n, 1)
}

// countWords walks a decoded JSON value and counts the words of its
// strings, skipping keys that carry no prompt text.
func countWords(v any) int {
	switch t := v.(type) {
	case string:
		return len(strings.FieldsFunc(t, unicode.IsSpace))
	case []any:
		n := 0
		for _, e := range t {
			n += countWords(e)
		}
		return n
	case map[string]any:
		n := 0
		for k, e := range t {
			switch k {
			case "type", "role", "id", "cache_control", "name", "tool_use_id", "call_id", "signature":
				continue
			}
			n += countWords(e)
		}
		return n
	}
	return 0
}
