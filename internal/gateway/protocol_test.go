package gateway

import "testing"

func TestProtocolTerminator(t *testing.T) {
	for p, want := range map[Protocol]string{Chat: "data: [DONE]", Messages: "message_stop", Responses: "response.completed"} {
		if got := p.Terminator(); got != want {
			t.Errorf("%s.Terminator() = %q, want %q", p, got, want)
		}
	}
}
