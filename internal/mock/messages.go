package mock

import "net/http"

// Anthropic messages: POST {prefix}/v1/messages (Claude Code adds
// ?beta=true) and POST {prefix}/v1/messages/count_tokens.

func (h *Handler) messages(c *call) {
	t := h.begin(c)
	if t == nil {
		return
	}
	defer t.release()
	if c.scenario == ErrorIn200 {
		t.errorIn200()
		return
	}
	id := "msg_mock" + t.id
	stop := "end_turn"
	if t.truncated {
		stop = "max_tokens"
	}
	usage := func(out int) map[string]any {
		return map[string]any{
			"input_tokens": t.in, "output_tokens": out,
			"cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
		}
	}
	message := func(content []any, stopReason any, out int) map[string]any {
		m := map[string]any{
			"id": id, "type": "message", "role": "assistant", "model": t.model,
			"content": content, "stop_reason": stopReason, "stop_sequence": nil,
		}
		if t.usage() {
			m["usage"] = usage(out)
		}
		return m
	}
	if !t.req.Stream || c.scenario == StreamNotSSE {
		t.respondJSON(message([]any{map[string]any{"type": "text", "text": t.text()}}, stop, t.n))
		return
	}
	s := t.openSSE()
	s.event("message_start", map[string]any{"type": "message_start", "message": message([]any{}, nil, 1)})
	s.event("content_block_start", map[string]any{
		"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "text", "text": ""},
	})
	s.event("ping", map[string]any{"type": "ping"})
	for i := range t.n {
		if s.err != nil { // the client left
			return
		}
		if t.stallAt(i) {
			t.stall()
			return
		}
		s.due(t, i) // the event below is encoded first, then sent on time
		s.event("content_block_delta", map[string]any{
			"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "text_delta", "text": token(i)},
		})
	}
	s.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	delta := map[string]any{
		"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
	}
	if t.usage() {
		delta["usage"] = map[string]any{"output_tokens": t.n}
	}
	s.event("message_delta", delta)
	if c.scenario != StreamUnterminated {
		s.event("message_stop", map[string]any{"type": "message_stop"})
	}
	s.close()
}

// countTokens answers Claude Code's token counting with the same word
// count the answers report.
func (h *Handler) countTokens(c *call) {
	if c.reqErr != nil {
		h.fail(c, errBadRequest, "invalid request: "+c.reqErr.Error())
		return
	}
	writeJSON(c.w, http.StatusOK, map[string]any{"input_tokens": c.req.inputTokens()})
}
