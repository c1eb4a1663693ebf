package mock

// OpenAI chat completions: POST {prefix}/v1/chat/completions.

func (h *Handler) chat(c *call) {
	t := h.begin(c)
	if t == nil {
		return
	}
	defer t.release()
	id := "chatcmpl-mock" + t.id
	finish := "stop"
	if t.truncated {
		finish = "length"
	}
	usage := map[string]any{
		"prompt_tokens": t.in, "completion_tokens": t.n, "total_tokens": t.in + t.n,
		"prompt_tokens_details":     map[string]any{"cached_tokens": 0},
		"completion_tokens_details": map[string]any{"reasoning_tokens": 0},
	}
	if c.scenario == ErrorIn200 {
		t.errorIn200()
		return
	}
	if !t.req.Stream || c.scenario == StreamNotSSE {
		answer := map[string]any{
			"id": id, "object": "chat.completion", "created": t.created, "model": t.model,
			"system_fingerprint": "fp_mock",
			"choices": []any{map[string]any{
				"index":         0,
				"message":       map[string]any{"role": "assistant", "content": t.text(), "refusal": nil},
				"logprobs":      nil,
				"finish_reason": finish,
			}},
		}
		if t.usage() {
			answer["usage"] = usage
		}
		t.respondJSON(answer)
		return
	}
	includeUsage := t.req.StreamOptions != nil && t.req.StreamOptions.IncludeUsage && t.usage()
	chunk := func(choices []any) map[string]any {
		m := map[string]any{
			"id": id, "object": "chat.completion.chunk", "created": t.created, "model": t.model,
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
	for i := range t.n {
		if s.err != nil { // the client left
			return
		}
		if t.stallAt(i) {
			t.stall()
			return
		}
		s.due(t, i) // the event below is encoded first, then sent on time
		s.event("", chunk(choice(map[string]any{"content": token(i)}, nil)))
		if c.scenario == StreamEmptyChoices && i == (t.n-1)/2 {
			s.event("", chunk([]any{}))
		}
	}
	s.event("", chunk(choice(map[string]any{}, finish)))
	if includeUsage {
		last := chunk([]any{})
		last["usage"] = usage
		s.event("", last)
	}
	if c.scenario != StreamUnterminated {
		s.raw("", "[DONE]")
	}
	s.close()
}
