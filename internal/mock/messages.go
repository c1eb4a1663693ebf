package mock

import "net/http"

// Anthropic messages: POST {prefix}/v1/messages (a client may add
// ?beta=true) and POST {prefix}/v1/messages/count_tokens.

func (h *Handler) messages(c *call) {
	t := h.begin(c)
	if t == nil {
		return
	}
	defer t.release()
	if t.agentMessages() {
		return
	}
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
		t.respondJSON(message(t.messagesContent(), stop, t.out()))
		return
	}
	s := t.openSSE()
	s.event("message_start", map[string]any{"type": "message_start", "message": message([]any{}, nil, 1)})
	if !t.messagesBlocks(s) {
		return
	}
	delta := map[string]any{
		"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
	}
	if t.usage() {
		delta["usage"] = map[string]any{"output_tokens": t.out()}
	}
	s.event("message_delta", delta)
	if c.scenario != StreamUnterminated {
		s.event("message_stop", map[string]any{"type": "message_stop"})
	}
	s.close()
}

// messagesContent is a non-streamed answer's content blocks.
func (t *turn) messagesContent() []any {
	content := []any{}
	if t.reasoning > 0 {
		content = append(content, map[string]any{"type": "thinking", "thinking": t.reasoningText(), "signature": "mock"})
	}
	if t.n > 0 {
		content = append(content, map[string]any{"type": "text", "text": t.text()})
	}
	return content
}

// messagesBlocks streams the content blocks: thinking (reasoning-first),
// then text. False when the stream ended early.
func (t *turn) messagesBlocks(s *sse) bool {
	block := func(i int, kind string, deltas func(send func(delta map[string]any)) bool) bool {
		s.event("content_block_start", map[string]any{"type": "content_block_start", "index": i,
			"content_block": map[string]any{"type": kind, kind: ""}})
		if i == 0 {
			s.event("ping", map[string]any{"type": "ping"}) // where the real API sends it
		}
		if !deltas(func(d map[string]any) {
			s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i, "delta": d})
		}) {
			return false
		}
		s.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
		return true
	}
	i := 0
	if t.reasoning > 0 {
		block(i, "thinking", func(send func(map[string]any)) bool {
			t.reasoningDeltas(s, func(k int) { send(map[string]any{"type": "thinking_delta", "thinking": thought(k)}) })
			return true
		})
		i++
	}
	if t.n == 0 {
		if i == 0 {
			s.event("ping", map[string]any{"type": "ping"})
		}
		return true
	}
	return block(i, "text", func(send func(map[string]any)) bool {
		return t.textDeltas(s, func(k int) { send(map[string]any{"type": "text_delta", "text": token(k)}) })
	})
}

// countTokens answers a messages client's token counting with the same word
// count the answers report.
func (h *Handler) countTokens(c *call) {
	if c.reqErr != nil {
		h.fail(c, errBadRequest, "invalid request: "+c.reqErr.Error())
		return
	}
	writeJSON(c.w, http.StatusOK, map[string]any{"input_tokens": c.req.inputTokens()})
}
