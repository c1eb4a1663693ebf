package mock

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// AgentMCP plays a model in an agent loop that asks keydoctor: when the
// request offers keydoctor's doctor as a tool (agents name MCP tools
// mcp__keydoctor__doctor), it answers with a call of that tool; when
// the request's last message carries the tool's result, it answers with a
// final text quoting it. Any other request gets the healthy answer, so
// the rest of a tool's start-up (titles, quota checks) goes on working.
const AgentMCP = "agent-mcp"

// AgentQuote opens the agent's final answer; the tool's result follows.
const AgentQuote = "keydoctor's doctor says: "

// agentQuoteMax is the most of the tool's result the final answer quotes.
const agentQuoteMax = 2000

// agentTool is a tool the request offers: Anthropic's {"name"}, OpenAI
// chat's {"function": {"name"}}, Responses' {"name"}.
type agentTool struct {
	Name     string `json:"name"`
	Function struct {
		Name string `json:"name"`
	} `json:"function"`
}

// doctorTool is the name of the offered tool that is keydoctor's doctor.
func (r request) doctorTool() string {
	var tools []agentTool
	if json.Unmarshal(r.Tools, &tools) != nil {
		return ""
	}
	for _, t := range tools {
		name := t.Name
		if name == "" {
			name = t.Function.Name
		}
		low := strings.ToLower(name)
		if strings.Contains(low, "keydoctor") && strings.HasSuffix(low, "doctor") && low != "keydoctor" {
			return name
		}
	}
	return ""
}

// agentMessage is a chat or messages message: an OpenAI tool result is
// {"role": "tool", "content": …}, an Anthropic one a user message's
// {"type": "tool_result", "content": …} block.
type agentMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type agentBlock struct {
	Type    string          `json:"type"`
	Text    string          `json:"text"`
	Content json.RawMessage `json:"content"`
}

// toolResult is the text of the tool result the last message carries.
func (r request) toolResult() (string, bool) {
	var msgs []agentMessage
	if json.Unmarshal(r.Messages, &msgs) != nil || len(msgs) == 0 {
		return "", false
	}
	last := msgs[len(msgs)-1]
	if last.Role == "tool" {
		return contentText(last.Content), true
	}
	var blocks []agentBlock
	if json.Unmarshal(last.Content, &blocks) != nil {
		return "", false
	}
	for _, b := range blocks {
		if b.Type == "tool_result" {
			return contentText(b.Content), true
		}
	}
	return "", false
}

// contentText is a content field's text: a string, or the text blocks of
// an array.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []agentBlock
	json.Unmarshal(raw, &blocks)
	var parts []string
	for _, b := range blocks {
		if b.Text != "" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// agentAnswer is what the scenario answers: a call of the doctor tool
// (call), or the final text, or nothing of its own (ok false).
type agentAnswer struct {
	call, text string
}

func (t *turn) agent() (agentAnswer, bool) {
	if t.c.scenario != AgentMCP {
		return agentAnswer{}, false
	}
	if res, ok := t.req.toolResult(); ok {
		t.c.agent = "quoted the tool result (" + strconv.Itoa(len(res)) + " bytes)"
		if len(res) > agentQuoteMax {
			res = res[:agentQuoteMax]
			for !utf8.ValidString(res) {
				res = res[:len(res)-1]
			}
		}
		return agentAnswer{text: AgentQuote + strings.TrimSpace(res)}, true
	}
	if name := t.req.doctorTool(); name != "" {
		t.c.agent = "called " + name
		return agentAnswer{call: name}, true
	}
	return agentAnswer{}, false
}

// agentMessages answers a messages request of the scenario; false leaves
// the request to the healthy answer.
func (t *turn) agentMessages() bool {
	a, ok := t.agent()
	if !ok {
		return false
	}
	id := "msg_mock" + t.id
	block, stop := map[string]any{"type": "text", "text": a.text}, "end_turn"
	if a.call != "" {
		block, stop = map[string]any{"type": "tool_use", "id": "toolu_mock" + t.id, "name": a.call, "input": map[string]any{}}, "tool_use"
	}
	message := func(content []any, stopReason any, out int) map[string]any {
		return map[string]any{"id": id, "type": "message", "role": "assistant", "model": t.model,
			"content": content, "stop_reason": stopReason, "stop_sequence": nil,
			"usage": map[string]any{"input_tokens": t.in, "output_tokens": out, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}
	}
	out := max(len(strings.Fields(a.text)), 1)
	if !t.req.Stream {
		t.respondJSON(message([]any{block}, stop, out))
		return true
	}
	s := t.openSSE()
	s.event("message_start", map[string]any{"type": "message_start", "message": message([]any{}, nil, 1)})
	start := map[string]any{"type": "text", "text": ""}
	delta := map[string]any{"type": "text_delta", "text": a.text}
	if a.call != "" {
		start = map[string]any{"type": "tool_use", "id": block["id"], "name": a.call, "input": map[string]any{}}
		delta = map[string]any{"type": "input_json_delta", "partial_json": "{}"}
	}
	s.event("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": start})
	s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": delta})
	s.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	s.event("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": out}})
	s.event("message_stop", map[string]any{"type": "message_stop"})
	s.close()
	return true
}

// agentChat answers a chat completions request of the scenario.
func (t *turn) agentChat() bool {
	a, ok := t.agent()
	if !ok {
		return false
	}
	message, finish := map[string]any{"role": "assistant", "content": a.text}, "stop"
	call := map[string]any{"id": "call_mock" + t.id, "type": "function", "function": map[string]any{"name": a.call, "arguments": "{}"}}
	if a.call != "" {
		message, finish = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{call}}, "tool_calls"
	}
	out := max(len(strings.Fields(a.text)), 1)
	usage := map[string]any{"prompt_tokens": t.in, "completion_tokens": out, "total_tokens": t.in + out}
	chunk := func(delta map[string]any, finish any) map[string]any {
		return map[string]any{"id": "chatcmpl-mock" + t.id, "object": "chat.completion.chunk", "created": t.created, "model": t.model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
	}
	if !t.req.Stream {
		t.respondJSON(map[string]any{"id": "chatcmpl-mock" + t.id, "object": "chat.completion", "created": t.created, "model": t.model,
			"choices": []any{map[string]any{"index": 0, "message": message, "finish_reason": finish}}, "usage": usage})
		return true
	}
	s := t.openSSE()
	s.event("", chunk(map[string]any{"role": "assistant", "content": ""}, nil))
	if a.call != "" {
		call["index"] = 0
		s.event("", chunk(map[string]any{"tool_calls": []any{call}}, nil))
	} else {
		s.event("", chunk(map[string]any{"content": a.text}, nil))
	}
	last := chunk(map[string]any{}, finish)
	if t.req.StreamOptions != nil && t.req.StreamOptions.IncludeUsage {
		last["usage"] = usage
	}
	s.event("", last)
	s.raw("", "[DONE]")
	s.close()
	return true
}
