package mock

// OpenAI chat completions: POST {prefix}/v1/chat/completions.

func (h *Handler) chat(c *call) {
	t := h.begin(c)
	if t == nil {
		return
	}
	defer t.release()
	if t.agentChat() {
		return
	}
	if c.scenario == ErrorIn200 {
		t.errorIn200()
		return
	}
	finish := "stop"
	if t.truncated {
		finish = "length"
	}
	usage := map[string]any{
		"prompt_tokens": t.in, "completion_tokens": t.out(), "total_tokens": t.in + t.out(),
		"prompt_tokens_details":     map[string]any{"cached_tokens": 0},
		"completion_tokens_details": map[string]any{"reasoning_tokens": t.reasoning},
	}
	if !t.req.Stream || c.scenario == StreamNotSSE {
		t.chatJSON(finish, usage)
		return
	}
	t.chatStream(finish, usage)
}

func (t *turn) chatJSON(finish string, usage map[string]any) {
	message := map[string]any{"role": "assistant", "content": t.text(), "refusal": nil}
	if t.reasoning > 0 {
		message["reasoning_content"] = t.reasoningText()
	}
	if t.c.scenario == ToolCallOnly {
		message["content"], message["tool_calls"], finish = nil, []any{toolCall}, "tool_calls"
	}
	var choices any = []any{map[string]any{"index": 0, "message": message, "logprobs": nil, "finish_reason": finish}}
	if t.c.scenario == ChoicesNull {
		choices = nil
	}
	answer := map[string]any{
		"id": "chatcmpl-mock" + t.id, "object": "chat.completion", "created": t.created, "model": t.model,
		"system_fingerprint": "fp_mock", "choices": choices,
	}
	if t.usage() {
		answer["usage"] = usage
	}
	t.respondJSON(answer)
}

func (t *turn) chatStream(finish string, usage map[string]any) {
	includeUsage := t.req.StreamOptions != nil && t.req.StreamOptions.IncludeUsage && t.usage()
	chunk := func(choices []any) map[string]any {
		m := map[string]any{
			"id": "chatcmpl-mock" + t.id, "object": "chat.completion.chunk", "created": t.created, "model": t.model,
			"system_fingerprint": "fp_mock", "choices": choices,
		}
		if includeUsage { // the official API sends "usage": null on every chunk but the last
			m["usage"] = nil
		}
		return m
	}
	choice := func(delta map[string]any, finish any) []any {
		return []any{map[string]any{"index": 0, "delta": delta, "logprobs": nil, "finish_reason": finish}}
	}
	s := t.openSSE()
	s.event("", chunk(choice(map[string]any{"role": "assistant", "content": "", "refusal": nil}, nil)))
	t.reasoningDeltas(s, func(i int) { s.event("", chunk(choice(map[string]any{"reasoning_content": thought(i)}, nil))) })
	if t.c.scenario == ToolCallOnly {
		call := map[string]any{"index": 0, "id": toolCall["id"], "type": "function", "function": toolCall["function"]}
		s.event("", chunk(choice(map[string]any{"tool_calls": []any{call}}, nil)))
		finish = "tool_calls"
	}
	content := newTemplate(chunk(choice(map[string]any{"content": templateMarker}, nil)))
	var data []byte
	ok := t.textDeltas(s, func(i int) {
		if content.ok {
			data = content.appendWith(data[:0], token(i))
			frame(s, "", data)
		} else {
			s.event("", chunk(choice(map[string]any{"content": token(i)}, nil)))
		}
		if t.c.scenario == StreamEmptyChoices && i == (t.n-1)/2 {
			s.event("", chunk([]any{}))
		}
	})
	if !ok {
		return
	}
	s.event("", chunk(choice(map[string]any{}, finish)))
	if includeUsage {
		last := chunk([]any{})
		last["usage"] = usage
		s.event("", last)
	}
	if t.c.scenario != StreamUnterminated {
		s.raw("", "[DONE]")
	}
	s.close()
}
