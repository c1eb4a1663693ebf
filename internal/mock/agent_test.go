package mock

import (
	"strings"
	"testing"
)

func TestAgentMCP(t *testing.T) {
	s := startTest(t, Options{})
	anthropicTools := `"tools":[{"name":"Bash","input_schema":{}},{"name":"mcp__keydoctor__doctor","input_schema":{}}]`
	openaiTools := `"tools":[{"type":"function","function":{"name":"keydoctor_doctor","parameters":{}}}]`
	for _, tc := range []struct {
		name, path, body string
		want             []string // in the body or the events' data
	}{
		{"messages call", "/v1/messages",
			`{"model":"gpt-4o","max_tokens":64,` + anthropicTools + `,"messages":[{"role":"user","content":"why 404?"}]}`,
			[]string{`"type":"tool_use"`, `"name":"mcp__keydoctor__doctor"`, `"stop_reason":"tool_use"`}},
		{"messages call streamed", "/v1/messages",
			`{"model":"gpt-4o","max_tokens":64,"stream":true,` + anthropicTools + `,"messages":[{"role":"user","content":"why?"}]}`,
			[]string{`"id":"toolu_mock`, `"name":"mcp__keydoctor__doctor"`, `"partial_json":"{}"`, `"stop_reason":"tool_use"`, `message_stop`}},
		{"messages result", "/v1/messages",
			`{"model":"gpt-4o","max_tokens":64,"stream":true,` + anthropicTools + `,"messages":[{"role":"user","content":"why?"},` +
				`{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"mcp__keydoctor__doctor","input":{}}]},` +
				`{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":[{"type":"text","text":"1 error(s): url-double-version (claude)"}]}]}]}`,
			[]string{`"text_delta"`, AgentQuote + `1 error(s): url-double-version (claude)`, `"stop_reason":"end_turn"`}},
		{"chat call", "/v1/chat/completions",
			`{"model":"gpt-4o",` + openaiTools + `,"messages":[{"role":"user","content":"why?"}]}`,
			[]string{`"tool_calls":[{`, `"name":"keydoctor_doctor"`, `"finish_reason":"tool_calls"`}},
		{"chat result streamed", "/v1/chat/completions",
			`{"model":"gpt-4o","stream":true,` + openaiTools + `,"messages":[{"role":"user","content":"why?"},` +
				`{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"keydoctor_doctor","arguments":"{}"}}]},` +
				`{"role":"tool","tool_call_id":"c1","content":"0 error(s)"}]}`,
			[]string{AgentQuote + `0 error(s)`, `"finish_reason":"stop"`, `[DONE]`}},
		{"no doctor offered", "/v1/messages",
			`{"model":"gpt-4o","max_tokens":4,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"hi"}]}`,
			[]string{`"text":"tok0 tok1 tok2 tok3"`}},
	} {
		a := do(t, s, call1{path: tc.path, body: tc.body, scenario: AgentMCP})
		if a.status != 200 {
			t.Errorf("%s: status %d: %s", tc.name, a.status, a.body)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(string(a.body), w) {
				t.Errorf("%s: no %s in\n%s", tc.name, w, a.body)
			}
		}
	}
}
