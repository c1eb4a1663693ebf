package mock

// OpenAI Responses: POST {prefix}/v1/responses, as a Responses client
// (a coding CLI) speaks it.

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
	r := &respTurn{turn: t, status: "completed", final: "response.completed", itemID: "msg_mock" + t.id}
	if t.truncated {
		r.status, r.final = "incomplete", "response.incomplete"
		r.incomplete = map[string]any{"reason": "max_output_tokens"}
	}
	r.done = r.item(map[bool]string{true: "incomplete", false: "completed"}[t.truncated], []any{outputText(t.text())})
	if t.reasoning > 0 {
		r.output = append(r.output, map[string]any{"id": "rs_mock" + t.id, "type": "reasoning", "summary": []any{},
			"content": []any{map[string]any{"type": "reasoning_text", "text": t.reasoningText()}}})
	}
	if t.n > 0 {
		r.output = append(r.output, r.done)
	}
	if !t.req.Stream || c.scenario == StreamNotSSE {
		t.respondJSON(r.response(r.status, r.output, true))
		return
	}
	r.stream()
}

// respTurn is one Responses answer being built.
type respTurn struct {
	*turn
	status, final string
	incomplete    any
	itemID        string
	done          map[string]any // the message item, finished
	output        []any
}

func outputText(text string) map[string]any {
	return map[string]any{"type": "output_text", "text": text, "annotations": []any{}, "logprobs": []any{}}
}

func (r *respTurn) item(status string, content []any) map[string]any {
	return map[string]any{"id": r.itemID, "type": "message", "status": status, "role": "assistant", "content": content}
}

func (r *respTurn) response(status string, output []any, withUsage bool) map[string]any {
	t := r.turn
	incomplete := r.incomplete
	if status == "in_progress" {
		incomplete = nil
	}
	m := map[string]any{
		"id": "resp_mock" + t.id, "object": "response", "created_at": t.created, "status": status,
		"error": nil, "incomplete_details": incomplete, "instructions": nil,
		"max_output_tokens": nilIfZero(t.req.MaxOutputTokens), "model": t.model,
		"output": append([]any{}, output...), "parallel_tool_calls": true, "previous_response_id": nil,
		"reasoning": map[string]any{"effort": nil, "summary": nil}, "store": false,
		"temperature": 1.0, "text": map[string]any{"format": map[string]any{"type": "text"}},
		"tool_choice": "auto", "tools": []any{}, "top_p": 1.0, "truncation": "disabled",
		"usage": nil, "metadata": map[string]any{},
	}
	if withUsage && t.usage() {
		m["usage"] = map[string]any{
			"input_tokens": t.in, "input_tokens_details": map[string]any{"cached_tokens": 0},
			"output_tokens": t.out(), "output_tokens_details": map[string]any{"reasoning_tokens": t.reasoning},
			"total_tokens": t.in + t.out(),
		}
	}
	return m
}

func (r *respTurn) stream() {
	t := r.turn
	s := t.openSSE()
	seq := 0
	send := func(typ string, fields map[string]any) {
		fields["type"], fields["sequence_number"] = typ, seq
		seq++
		s.event(typ, fields)
	}
	at := func(m map[string]any) map[string]any {
		m["item_id"], m["output_index"], m["content_index"] = r.itemID, 0, 0
		return m
	}
	send("response.created", map[string]any{"response": r.response("in_progress", nil, false)})
	send("response.in_progress", map[string]any{"response": r.response("in_progress", nil, false)})
	t.reasoningDeltas(s, func(i int) {
		send("response.reasoning_text.delta", map[string]any{"item_id": "rs_mock" + t.id, "output_index": 0, "content_index": 0, "delta": thought(i)})
	})
	if t.n > 0 {
		send("response.output_item.added", map[string]any{"output_index": 0, "item": r.item("in_progress", []any{})})
		send("response.content_part.added", at(map[string]any{"part": outputText("")}))
	}
	if !t.textDeltas(s, func(i int) {
		send("response.output_text.delta", at(map[string]any{"delta": token(i), "logprobs": []any{}}))
	}) {
		return
	}
	if t.n > 0 {
		text := t.text()
		send("response.output_text.done", at(map[string]any{"text": text, "logprobs": []any{}}))
		send("response.content_part.done", at(map[string]any{"part": outputText(text)}))
		send("response.output_item.done", map[string]any{"output_index": 0, "item": r.done})
	}
	if t.c.scenario != StreamUnterminated {
		send(r.final, map[string]any{"response": r.response(r.status, r.output, true)})
	}
	s.close()
}

func nilIfZero(n int) any {
	if n == 0 {
		return nil
	}
	return n
}
