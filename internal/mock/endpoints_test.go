package mock

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestModels(t *testing.T) {
	s := startTest(t, Options{Models: []string{"m1", "m2"}})
	for _, hdr := range []map[string]string{nil, {"Authorization": "", "x-api-key": testKey, "anthropic-version": "2023-06-01"}} {
		a := do(t, s, call1{method: "GET", path: "/v1/models", header: hdr})
		if a.status != 200 || str(a.json, "object") != "list" || str(a.json, "data", 1, "id") != "m2" ||
			str(a.json, "data", 0, "type") != "model" || get(a.json, "has_more") != false {
			t.Fatalf("models %v: %d %s", hdr, a.status, a.body)
		}
	}
	a := do(t, s, call1{method: "GET", path: "/v1/models/m1"})
	if a.status != 200 || str(a.json, "id") != "m1" {
		t.Fatalf("one model: %d %s", a.status, a.body)
	}
	if a := do(t, s, call1{method: "GET", path: "/v1/models/zz"}); a.status != 404 {
		t.Fatalf("unknown model: %d %s", a.status, a.body)
	}
}

func TestChatStream(t *testing.T) {
	s := startTest(t, Options{Tokens: 5})
	for _, includeUsage := range []bool{false, true} {
		body := `{"model":"gpt-4o","stream":true,"messages":[{"role":"user","content":"say hi please"}]}`
		if includeUsage {
			body = `{"model":"gpt-4o","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"say hi please"}]}`
		}
		a := do(t, s, call1{path: "/v1/chat/completions", body: body})
		if a.status != 200 || len(a.events) == 0 || a.events[len(a.events)-1].Data != "[DONE]" {
			t.Fatalf("status %d, events %v", a.status, a.events)
		}
		chunks := a.data(t)
		if str(chunks[0], "choices", 0, "delta", "role") != "assistant" || str(chunks[0], "choices", 0, "delta", "content") != "" {
			t.Fatalf("first chunk is not role-only: %v", chunks[0])
		}
		var text strings.Builder
		for _, c := range chunks[1:6] {
			text.WriteString(str(c, "choices", 0, "delta", "content"))
		}
		if text.String() != "tok0 tok1 tok2 tok3 tok4" {
			t.Fatalf("text %q", text.String())
		}
		if fin := str(chunks[6], "choices", 0, "finish_reason"); fin != "stop" {
			t.Fatalf("finish %q", fin)
		}
		last := chunks[len(chunks)-1]
		if includeUsage {
			if len(chunks) != 8 || len(get(last, "choices").([]any)) != 0 ||
				num(last, "usage", "completion_tokens") != 5 || num(last, "usage", "prompt_tokens") != 3 {
				t.Fatalf("usage chunk: %v", last)
			}
		} else if len(chunks) != 7 || bytes.Contains(a.body, []byte(`"usage"`)) {
			t.Fatalf("usage sent unasked: %s", a.body)
		}
	}
}

func TestChatNonStreamAndLimits(t *testing.T) {
	s := startTest(t, Options{Tokens: 8})
	tests := []struct {
		body   string
		text   string
		finish string
	}{
		{`{"model":"gpt-4o","messages":[]}`, "tok0 tok1 tok2 tok3 tok4 tok5 tok6 tok7", "stop"},
		{`{"model":"gpt-4o","max_tokens":2,"messages":[]}`, "tok0 tok1", "length"},
		{`{"model":"gpt-4o","max_completion_tokens":3,"max_tokens":1,"messages":[]}`, "tok0 tok1 tok2", "length"},
	}
	for _, tt := range tests {
		a := do(t, s, call1{path: "/v1/chat/completions", body: tt.body})
		if a.status != 200 || str(a.json, "object") != "chat.completion" || str(a.json, "model") != "gpt-4o" ||
			str(a.json, "choices", 0, "message", "content") != tt.text || str(a.json, "choices", 0, "finish_reason") != tt.finish ||
			num(a.json, "usage", "completion_tokens") != strings.Count(tt.text, "tok") {
			t.Fatalf("%s: %d %s", tt.body, a.status, a.body)
		}
	}
}

var messagesSequence = []string{"message_start", "content_block_start", "ping",
	"content_block_delta", "content_block_delta", "content_block_delta",
	"content_block_stop", "message_delta", "message_stop"}

func TestMessagesStream(t *testing.T) {
	s := startTest(t, Options{Tokens: 3})
	body := `{"model":"claude-sonnet-4-5","max_tokens":4096,"stream":true,"system":[{"type":"text","text":"you are terse","cache_control":{"type":"ephemeral"}}],
		"tools":[{"name":"Bash","input_schema":{"type":"object"}}],"thinking":{"type":"enabled","budget_tokens":1024},"metadata":{"user_id":"u"},
		"messages":[{"role":"user","content":[{"type":"text","text":"say hi"}]}]}`
	a := do(t, s, call1{path: "/v1/messages?beta=true", body: body, auth: "none",
		header: map[string]string{"x-api-key": testKey, "anthropic-version": "2023-06-01"}})
	if a.status != 200 || !reflect.DeepEqual(a.types(), messagesSequence) {
		t.Fatalf("status %d, events %v", a.status, a.types())
	}
	d := a.data(t)
	for i, ev := range a.events {
		if str(d[i], "type") != ev.Type {
			t.Fatalf("event %s carries type %q", ev.Type, str(d[i], "type"))
		}
	}
	if str(d[0], "message", "model") != "claude-sonnet-4-5" || num(d[0], "message", "usage", "input_tokens") != 5 {
		t.Fatalf("message_start: %v", d[0])
	}
	if str(d[4], "delta", "type") != "text_delta" || str(d[4], "delta", "text") != " tok1" {
		t.Fatalf("delta: %v", d[4])
	}
	if str(d[7], "delta", "stop_reason") != "end_turn" || num(d[7], "usage", "output_tokens") != 3 {
		t.Fatalf("message_delta: %v", d[7])
	}
}

func TestMessagesNonStreamAndCount(t *testing.T) {
	s := startTest(t, Options{Tokens: 3})
	a := do(t, s, call1{path: "/v1/messages", body: `{"model":"claude-haiku-4-5","max_tokens":2,"messages":[{"role":"user","content":"hi"}]}`})
	if a.status != 200 || str(a.json, "type") != "message" || str(a.json, "content", 0, "text") != "tok0 tok1" ||
		str(a.json, "stop_reason") != "max_tokens" || num(a.json, "usage", "output_tokens") != 2 {
		t.Fatalf("%d %s", a.status, a.body)
	}
	a = do(t, s, call1{path: "/v1/messages/count_tokens?beta=true", body: `{"model":"claude-haiku-4-5","messages":[{"role":"user","content":"one two three"}]}`})
	if a.status != 200 || num(a.json, "input_tokens") != 3 {
		t.Fatalf("count_tokens: %d %s", a.status, a.body)
	}
}

var responsesSequence = []string{"response.created", "response.in_progress", "response.output_item.added",
	"response.content_part.added", "response.output_text.delta", "response.output_text.delta",
	"response.output_text.done", "response.content_part.done", "response.output_item.done", "response.completed"}

func TestResponsesStream(t *testing.T) {
	s := startTest(t, Options{Tokens: 2})
	body := `{"model":"gpt-5","instructions":"be brief","input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"say hi"}]}],
		"tools":[],"tool_choice":"auto","parallel_tool_calls":false,"reasoning":{"effort":"medium"},"store":false,"stream":true,"include":[]}`
	a := do(t, s, call1{path: "/v1/responses", body: body})
	if a.status != 200 || !reflect.DeepEqual(a.types(), responsesSequence) {
		t.Fatalf("status %d, events %v", a.status, a.types())
	}
	for i, d := range a.data(t) {
		if num(d, "sequence_number") != i || str(d, "type") != a.events[i].Type {
			t.Fatalf("event %d: %v", i, d)
		}
	}
	done := a.data(t)[len(a.events)-1]
	if str(done, "response", "status") != "completed" || str(done, "response", "output", 0, "content", 0, "text") != "tok0 tok1" ||
		num(done, "response", "usage", "output_tokens") != 2 || num(done, "response", "usage", "input_tokens") != 4 {
		t.Fatalf("completed: %v", done)
	}
}

func TestResponsesNonStreamIncomplete(t *testing.T) {
	s := startTest(t, Options{Tokens: 4})
	a := do(t, s, call1{path: "/v1/responses", body: `{"model":"gpt-5","input":"hi","max_output_tokens":3}`})
	if a.status != 200 || str(a.json, "object") != "response" || str(a.json, "status") != "incomplete" ||
		str(a.json, "incomplete_details", "reason") != "max_output_tokens" ||
		str(a.json, "output", 0, "content", 0, "text") != "tok0 tok1 tok2" || num(a.json, "usage", "total_tokens") != 4 {
		t.Fatalf("%d %s", a.status, a.body)
	}
}
