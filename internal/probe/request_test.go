package probe

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TestBodyBytes pins every protocol's body byte for byte: Body marshals
// structs whose field order must keep the sorted order the maps it
// replaced had (gateways and the recorded scenarios saw these bytes).
func TestBodyBytes(t *testing.T) {
	const content = `"hi \u003c\u0026\u003e \"x\""`
	want := map[string]string{
		"chat":        `{"max_tokens":16,"messages":[{"content":` + content + `,"role":"user"}],"model":"m\"\u003c1"}`,
		"chat+s":      `{"max_tokens":16,"messages":[{"content":` + content + `,"role":"user"}],"model":"m\"\u003c1","stream":true,"stream_options":{"include_usage":true}}`,
		"messages":    `{"max_tokens":16,"messages":[{"content":` + content + `,"role":"user"}],"model":"m\"\u003c1"}`,
		"messages+s":  `{"max_tokens":16,"messages":[{"content":` + content + `,"role":"user"}],"model":"m\"\u003c1","stream":true}`,
		"responses":   `{"input":` + content + `,"max_output_tokens":16,"model":"m\"\u003c1"}`,
		"responses+s": `{"input":` + content + `,"max_output_tokens":16,"model":"m\"\u003c1","stream":true}`,
		"gemini":      `{"contents":[{"parts":[{"text":` + content + `}],"role":"user"}],"generationConfig":{"maxOutputTokens":16}}`,
		"gemini+s":    `{"contents":[{"parts":[{"text":` + content + `}],"role":"user"}],"generationConfig":{"maxOutputTokens":16}}`,
	}
	for _, p := range gateway.Protocols {
		for _, stream := range []bool{false, true} {
			name := string(p)
			if stream {
				name += "+s"
			}
			got := string(Request{Protocol: p, Model: `m"<1`, Stream: stream, Prompt: `hi <&> "x"`}.Body())
			if got != want[name] {
				t.Errorf("%s:\n got %s\nwant %s", name, got, want[name])
			}
		}
	}
	if got := string(Request{Protocol: gateway.Chat, Model: "m", MaxTokens: 64}.Body()); got != `{"max_tokens":64,"messages":[{"content":"`+DefaultPrompt+`","role":"user"}],"model":"m"}` {
		t.Errorf("defaults: %s", got)
	}
}

// TestShownHeaderMasksKey: the header a result records carries no key,
// in the credential or in a header the user added.
func TestShownHeaderMasksKey(t *testing.T) {
	const key = "sk-fake-0123456789abcdef"
	for _, auth := range []gateway.Auth{gateway.AuthBearer, gateway.AuthXAPIKey, gateway.AuthGoogKey} {
		r := Request{Protocol: gateway.Chat, Key: key, Auth: auth, Header: map[string][]string{"X-Echo": {"k=" + key}}}
		h := shownHeader(r, "keydoctor")
		for k, vs := range h {
			for _, v := range vs {
				if strings.Contains(v, key) {
					t.Errorf("%s: %s: %q carries the key", auth, k, v)
				}
			}
		}
		if h.Get("X-Echo") == "" || h.Get("User-Agent") != "keydoctor" {
			t.Errorf("%s: header %v", auth, h)
		}
	}
}
