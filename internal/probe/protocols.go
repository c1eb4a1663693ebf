package probe

import (
	"bytes"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/tidwall/gjson"
)

// The three protocols' events, as the providers document them: OpenAI
// chat completion chunks, Anthropic message events, OpenAI Responses
// events. Each handler takes one event's data.

func (d *Decoder) chat(data []byte, at time.Duration) {
	if isDone(data) {
		d.s.Terminated = true
		return
	}
	c := &d.chunk
	if d.noScan || !scanChat(data, c) {
		d.chatGJSON(data, at)
		return
	}
	// What is kept beyond this event is copied: the chunk's bytes are the
	// parser's buffer, reused by the next event.
	if d.s.Model == "" && len(c.model) > 0 {
		d.model(string(c.model))
	}
	if c.errRaw != nil {
		d.setError(catalog.ErrorObject(gjson.Parse(string(c.errRaw))))
		return
	}
	if c.hasChoices {
		for i := range c.choices {
			ch := &c.choices[i]
			d.delta(string(ch.reasoningContent), at, true)
			d.delta(string(ch.reasoning), at, true)
			d.delta(string(ch.content), at, false)
			if ch.toolCalls {
				d.s.ToolCalls++
			}
			if len(ch.finishReason) > 0 && string(ch.finishReason) != d.s.StopReason {
				d.s.StopReason = string(ch.finishReason)
			}
		}
		if len(c.choices) == 0 && !c.hasUsage {
			d.s.EmptyChoices++
		}
	}
	if c.hasUsage {
		d.usage.InputTokens = int(c.prompt)
		d.usage.OutputTokens = int(c.completion)
		d.hasUsage = true
	}
}

// isDone: the chat stream's terminator, "[DONE]" (spaces around it
// allowed); a chunk, which starts with '{', is told apart by one byte.
func isDone(data []byte) bool {
	i := 0
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	if i < len(data) && data[i] != '[' && data[i] < utf8.RuneSelf {
		return false
	}
	return string(bytes.TrimSpace(data)) == "[DONE]"
}

// chatGJSON reads a chunk scanChat did not take on (not JSON, fields of
// unexpected types, repeated fields): gjson's lenient reading, as before
// the scanner.
func (d *Decoder) chatGJSON(data []byte, at time.Duration) {
	// One pass over the top-level keys: bench decodes a thousand streams
	// at once, and each gjson.Get of an absent key rescans the chunk.
	// The chunk is read in place (ParseBytes would copy every chunk, and
	// each delta's text would keep its whole chunk alive): every string
	// kept beyond this event is cloned.
	var choices, usage, errObj gjson.Result
	gjson.Parse(unsafe.String(unsafe.SliceData(data), len(data))).ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "model":
			if d.s.Model == "" {
				d.model(strings.Clone(v.String()))
			}
		case "choices":
			choices = v
		case "usage":
			usage = v
		case "error":
			errObj = v
		}
		return true
	})
	if errObj.Exists() && errObj.Type != gjson.Null {
		d.setError(catalog.ErrorObject(gjson.Parse(strings.Clone(errObj.Raw))))
		return
	}
	// OpenAI's own usage chunk (include_usage) has "choices": [] and a
	// usage object: that one is by the book. One without usage (Azure's
	// prompt_filter_results chunk, some relays' keep-alives) is what makes
	// naive clients crash reading choices[0].
	if choices.IsArray() {
		empty := true
		choices.ForEach(func(_, c gjson.Result) bool {
			empty = false
			delta := c.Get("delta")
			// DeepSeek-style reasoning_content and OpenRouter-style reasoning.
			d.delta(strings.Clone(delta.Get("reasoning_content").String()), at, true)
			d.delta(strings.Clone(delta.Get("reasoning").String()), at, true)
			d.delta(strings.Clone(delta.Get("content").String()), at, false)
			if delta.Get("tool_calls").IsArray() {
				d.s.ToolCalls++
			}
			if fr := c.Get("finish_reason").String(); fr != "" && fr != d.s.StopReason {
				d.s.StopReason = strings.Clone(fr)
			}
			return true
		})
		if empty && !usage.IsObject() {
			d.s.EmptyChoices++
		}
	}
	if usage.IsObject() {
		d.usage.InputTokens = int(usage.Get("prompt_tokens").Int())
		d.usage.OutputTokens = int(usage.Get("completion_tokens").Int())
		d.hasUsage = true
	}
}

func (d *Decoder) messages(data []byte, at time.Duration) {
	r := gjson.ParseBytes(data)
	switch r.Get("type").String() {
	case "message_start":
		m := r.Get("message")
		d.model(m.Get("model").String())
		d.usage.InputTokens = int(m.Get("usage.input_tokens").Int())
	case "content_block_delta":
		dl := r.Get("delta")
		switch dl.Get("type").String() {
		case "text_delta":
			d.delta(dl.Get("text").String(), at, false)
		case "thinking_delta":
			d.delta(dl.Get("thinking").String(), at, true)
		}
	case "message_delta":
		if sr := r.Get("delta.stop_reason").String(); sr != "" {
			d.s.StopReason = sr
		}
		if u := r.Get("usage.output_tokens"); u.Exists() {
			d.usage.OutputTokens = int(u.Int())
			d.hasUsage = true
		}
		if u := r.Get("usage.input_tokens"); u.Exists() && u.Int() > 0 {
			d.usage.InputTokens = int(u.Int())
		}
	case "message_stop":
		d.s.Terminated = true
	case "content_block_start":
		if r.Get("content_block.type").String() == "tool_use" {
			d.s.ToolCalls++
		}
	default:
		d.errorIn(data)
	}
}

func (d *Decoder) responses(data []byte, at time.Duration) {
	r := gjson.ParseBytes(data)
	switch typ := r.Get("type").String(); typ {
	case "response.created", "response.in_progress":
		d.model(r.Get("response.model").String())
	case "response.output_text.delta", "response.refusal.delta":
		d.delta(r.Get("delta").String(), at, false)
	case "response.reasoning_text.delta", "response.reasoning_summary_text.delta":
		d.delta(r.Get("delta").String(), at, true)
	case "response.completed", "response.incomplete", "response.failed":
		d.s.Terminated = true
		resp := r.Get("response")
		d.model(resp.Get("model").String())
		if u := resp.Get("usage"); u.IsObject() {
			d.usage.InputTokens = int(u.Get("input_tokens").Int())
			d.usage.OutputTokens = int(u.Get("output_tokens").Int())
			d.hasUsage = true
		}
		if typ == "response.incomplete" {
			d.s.StopReason = resp.Get("incomplete_details.reason").String()
		}
		if typ == "response.failed" {
			if e := resp.Get("error"); e.Exists() && e.Type != gjson.Null {
				d.setError(catalog.ErrorObject(e))
			} else {
				d.setError(catalog.GatewayError{Message: "response failed"})
			}
		}
	case "response.output_item.added":
		if r.Get("item.type").String() == "function_call" {
			d.s.ToolCalls++
		}
	case "error":
		// {"type":"error","code":…,"message":…} or with a nested error.
		if !d.errorIn(data) {
			d.setError(catalog.ErrorObject(r))
		}
	default:
		d.errorIn(data)
	}
}
