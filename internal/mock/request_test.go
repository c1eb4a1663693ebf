package mock

import (
	"encoding/json"
	"testing"
)

func TestDecodeRequest(t *testing.T) {
	tests := []struct {
		body          string
		ok            bool
		limit, tokens int
	}{
		{`{"model":"m","messages":[{"role":"user","content":"a b c"}]}`, true, 0, 3},
		{`{"model":"m","max_tokens":5,"system":"be brief","messages":[{"role":"user","content":[{"type":"text","text":"hi","cache_control":{"type":"ephemeral"}}]}]}`, true, 5, 3},
		{`{"model":"m","max_output_tokens":7,"instructions":"x y","input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"one two"}]}]}`, true, 7, 4},
		{`{"model":"m","input":"just text","max_completion_tokens":2,"max_tokens":9}`, true, 2, 2},
		{`{"model":"m"}`, true, 0, 1},
		{`{"messages":[]}`, false, 0, 0},
		{`{"model":"  "}`, false, 0, 0},
		{`{"model":1}`, false, 0, 0},
		{`[]`, false, 0, 0},
		{``, false, 0, 0},
	}
	for _, tt := range tests {
		r, err := decodeRequest([]byte(tt.body))
		if (err == nil) != tt.ok {
			t.Fatalf("%s: err %v", tt.body, err)
		}
		if err == nil && (r.limit() != tt.limit || r.inputTokens() != tt.tokens) {
			t.Fatalf("%s: limit %d tokens %d, want %d %d", tt.body, r.limit(), r.inputTokens(), tt.limit, tt.tokens)
		}
	}
}

// FuzzDecodeRequest: any body either fails to decode or yields a request
// whose counts are sane; nothing panics.
func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{
		`{"model":"gpt-4o","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"hi"}]}`,
		`{"model":"claude-sonnet-4-5","max_tokens":32000,"system":[{"type":"text","text":"x"}],"tools":[],"thinking":{"type":"enabled"},"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":[{"type":"text","text":"ok"}]}]}]}`,
		`{"model":"gpt-5","input":[{"type":"function_call_output","call_id":"c","output":"done"}],"instructions":"i","reasoning":{"effort":"high"}}`,
		`{"model":"m","messages":null,"input":{"nested":[1,2,{"text":"a b"}]}}`,
		`{"model":"m","max_tokens":-5}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := decodeRequest(body)
		if err != nil {
			return
		}
		if r.Model == "" || r.inputTokens() < 1 || r.limit() < 0 {
			t.Fatalf("decoded %q: model %q tokens %d limit %d", body, r.Model, r.inputTokens(), r.limit())
		}
		if !json.Valid(body) {
			t.Fatalf("accepted invalid JSON %q", body)
		}
	})
}
