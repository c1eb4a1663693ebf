package mock

// OpenAI Responses: POST {prefix}/v1/responses, as Codex speaks it.

func (h *Handler) responses(c *call) {
	t := h.begin(c)
	if t == nil {
		return
	}
	defer t.release()
	if c.scenario == ErrorIn200 {
		t.errorIn200()
		return
	}
	respID, itemID := "resp_mock"+t.id, "msg_mock"+t.id
	status, final := "completed", "response.completed"
	var incomplete any
	if t.truncated {
		status, final = "incomplete", "response.incomplete"
		incomplete = map[string]any{"reason": "max_output_tokens"}
	}
	part := func(text string) map[string]any {
		return map[string]any{"type": "output_text", "text": text, "annotations": []any{}, "logprobs": []any{}}
	}
	item := func(status string, content []any) map[string]any {
		return map[string]any{"id": itemID, "type": "message", "status": status, "role": "assistant", "content": content}
	}
	response := func(status string, output []any, withUsage bool, incomplete any) map[string]any {
		m := map[string]any{
			"id": respID, "object": "response", "created_at": t.created, "status": status,
			"error": nil, "incomplete_details": incomplete, "instructions": nil,
			"max_output_tokens": nilIfZero(t.req.MaxOutputTokens), "model": t.model,
			"output": output, "parallel_tool_calls": true, "previous_response_id": nil,
			"reasoning": map[string]any{"effort": nil, "summary": nil}, "store": false,
			"temperature": 1.0, "text": map[string]any{"format": map[string]any{"type": "text"}},
			"tool_choice": "auto", "tools": []any{}, "top_p": 1.0, "truncation": "disabled",
			"usage": nil, "metadata": map[string]any{},
		}
		if withUsage && t.usage() {
			m["usage"] = map[string]any{
				"input_tokens": t.in, "input_tokens_details": map[string]any{"cached_tokens": 0},
				"output_tokens": t.n, "output_tokens_details": map[string]any{"reasoning_tokens": 0},
				"total_tokens": t.in + t.n,
			}
		}
		return m
	}
	text := t.text()
	done := item(map[bool]string{true: "incomplete", false: "completed"}[t.truncated], []any{part(text)})
	if !t.req.Stream || c.scenario == StreamNotSSE {
		t.respondJSON(response(status, []any{done}, true, incomplete))
		return
	}
	s := t.openSSE()
	seq := 0
	send := func(typ string, fields map[string]any) {
		fields["type"], fields["sequence_number"] = typ, seq
		seq++
		s.event(typ, fields)
	}
	at := func(m map[string]any) map[string]any {
		m["item_id"], m["output_index"], m["content_index"] = itemID, 0, 0
		return m
	}
	send("response.created", map[string]any{"response": response("in_progress", []any{}, false, nil)})
	send("response.in_progress", map[string]any{"response": response("in_progress", []any{}, false, nil)})
	send("response.output_item.added", map[string]any{"output_index": 0, "item": item("in_progress", []any{})})
	send("response.content_part.added", at(map[string]any{"part": part("")}))
	for i := range t.n {
		if s.err != nil { // the client left
			return
		}
		if t.stallAt(i) {
			t.stall()
			return
		}
		s.due(t, i) // the event below is encoded first, then sent on time
		send("response.output_text.delta", at(map[string]any{"delta": token(i), "logprobs": []any{}}))
	}
	send("response.output_text.done", at(map[string]any{"text": text, "logprobs": []any{}}))
	send("response.content_part.done", at(map[string]any{"part": part(text)}))
	send("response.output_item.done", map[string]any{"output_index": 0, "item": done})
	if c.scenario != StreamUnterminated {
		send(final, map[string]any{"response": response(status, []any{done}, true, incomplete)})
	}
	s.close()
}

func nilIfZero(n int) any {
	if n == 0 {
		return nil
	}
	return n
}
