package probe

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// chatView is a chunk as scanChat or the oracle reads it, in comparable form.
type chatView struct {
	Model      string
	HasChoices bool
	Choices    []choiceView
	HasUsage   bool
	Prompt     int64
	Completion int64
	Err        string
}

type choiceView struct {
	Content, ReasoningContent, Reasoning, FinishReason string
	ToolCalls                                          bool
}

func viewOf(c *chatChunk) chatView {
	v := chatView{Model: string(c.model), HasChoices: c.hasChoices, HasUsage: c.hasUsage,
		Prompt: c.prompt, Completion: c.completion, Err: string(c.errRaw)}
	for _, ch := range c.choices {
		v.Choices = append(v.Choices, choiceView{string(ch.content), string(ch.reasoningContent),
			string(ch.reasoning), string(ch.finishReason), ch.toolCalls})
	}
	return v
}

// oracleChat reads a chunk with encoding/json: what scanChat must agree
// with whenever it answers. false: encoding/json refuses the chunk or a
// field's type.
func oracleChat(data []byte) (chatView, bool) {
	var v chatView
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return v, false
	}
	str := func(raw json.RawMessage, dst *string) bool {
		if raw == nil {
			return true
		}
		var s *string
		if json.Unmarshal(raw, &s) != nil {
			return false
		}
		if s != nil {
			*dst = *s
		}
		return true
	}
	isNull := func(raw json.RawMessage) bool { return raw == nil || string(raw) == "null" }
	if !str(top["model"], &v.Model) {
		return v, false
	}
	if raw := top["choices"]; !isNull(raw) {
		var elems []json.RawMessage
		if json.Unmarshal(raw, &elems) != nil {
			return v, false
		}
		v.HasChoices = true
		for _, e := range elems {
			var ch map[string]json.RawMessage
			if json.Unmarshal(e, &ch) != nil {
				return v, false
			}
			var cv choiceView
			var delta map[string]json.RawMessage
			if !isNull(ch["delta"]) && json.Unmarshal(ch["delta"], &delta) != nil {
				return v, false
			}
			if !str(delta["content"], &cv.Content) || !str(delta["reasoning_content"], &cv.ReasoningContent) ||
				!str(delta["reasoning"], &cv.Reasoning) || !str(ch["finish_reason"], &cv.FinishReason) {
				return v, false
			}
			cv.ToolCalls = bytes.HasPrefix(delta["tool_calls"], []byte("["))
			v.Choices = append(v.Choices, cv)
		}
	}
	if raw := top["usage"]; !isNull(raw) {
		var u map[string]json.RawMessage
		if json.Unmarshal(raw, &u) != nil {
			return v, false
		}
		v.HasUsage = true
		for name, dst := range map[string]*int64{"prompt_tokens": &v.Prompt, "completion_tokens": &v.Completion} {
			if raw := u[name]; raw != nil && json.Unmarshal(raw, dst) != nil {
				return v, false
			}
		}
	}
	if raw := top["error"]; !isNull(raw) {
		v.Err = string(raw)
	}
	return v, true
}

// chatSeeds are chunks as gateways send them: every data line of the
// recorded chat streams, the mock's, and the shapes real providers use.
func chatSeeds(t testing.TB) [][]byte {
	seeds := [][]byte{
		mockChunk(7)[len("data: "):],
		[]byte(`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}`),
		[]byte(`{"choices":[{"index":0,"delta":{"content":"line\n\"quoted\" \\ caf\u00e9 \ud83d\ude00 \ud800 tab\t/"},"finish_reason":null}]}`),
		[]byte(`{"choices":[{"index":0,"delta":{"reasoning_content":"think","content":null},"finish_reason":null}],"model":"deepseek-reasoner"}`),
		[]byte(`{"choices":[{"delta":{"reasoning":"or this"}}]}`),
		[]byte(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"f","arguments":"{\"a\":1}"}}]},"finish_reason":null}]}`),
		[]byte(`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":null}`),
		[]byte(`{"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":32,"total_tokens":44,"prompt_tokens_details":{"cached_tokens":0}}}`),
		[]byte(`{"choices":[],"prompt_filter_results":[{"prompt_index":0,"content_filter_results":{}}]}`),
		[]byte(` {"error":{"message":"rate limited","type":"rate_limit","code":429}} `),
		[]byte(`{"error":null,"choices":[{"delta":{"content":"x"}}],"created":1.5e9,"n":-0,"ok":true,"no":false}`),
		[]byte("{ \"error\" :\t{\"message\": \"spaced\"} , \"choices\" : [ ] }"),
	}
	// The same pretty-printed: whitespace before every value and key.
	for _, seed := range seeds[:len(seeds):len(seeds)] {
		var pretty bytes.Buffer
		if json.Indent(&pretty, seed, " ", "\t") == nil {
			seeds = append(seeds, pretty.Bytes())
		}
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "streams", "chat_*.sse"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if d, ok := strings.CutPrefix(strings.TrimRight(line, "\r"), "data: "); ok && strings.HasPrefix(d, "{") {
				seeds = append(seeds, []byte(d))
			}
		}
	}
	return seeds
}

// TestScanChatTakesRealChunks: every chunk real gateways send is read by
// the scanner, not left to gjson, and read as encoding/json reads it.
func TestScanChatTakesRealChunks(t *testing.T) {
	var c chatChunk
	for _, seed := range chatSeeds(t) {
		if !scanChat(seed, &c) {
			t.Errorf("left to gjson: %s", seed)
			continue
		}
		want, ok := oracleChat(seed)
		if got := viewOf(&c); !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s\n got %+v\nwant %+v (oracle ok %v)", seed, got, want, ok)
		}
	}
}

// TestScanChatRefuses: what the scanner leaves to gjson.
func TestScanChatRefuses(t *testing.T) {
	for _, in := range []string{
		``, `null`, `[]`, `{`, `{"choices":[{"delta":{"content":"x"}}]`, `{} {}`, `{"a":01}`, `{"a":1.}`,
		`{"model":"a","model":"b"}`, `{"choices":[{"delta":{"content":"a","content":"b"}}]}`,
		`{"model":7}`, `{"choices":{}}`, `{"choices":[null]}`, `{"choices":[{"delta":"x"}]}`,
		`{"usage":{"prompt_tokens":1.0}}`, `{"usage":{"prompt_tokens":"1"}}`, `{"usage":{"completion_tokens":9223372036854775808}}`,
		`{"mod\u0065l":"x"}`, "{\"model\":\"\xff\"}", "{\"model\":\"a\tb\"}", `{"model":"\x"}`,
		strings.Repeat(`{"a":`, maxScanDepth+1) + `1` + strings.Repeat(`}`, maxScanDepth+1),
	} {
		var c chatChunk
		if scanChat([]byte(in), &c) {
			t.Errorf("%q: taken, want left to gjson", in)
		}
	}
}

// TestChatScannerMatchesGJSON: streams decode the same through the
// scanner as through gjson, the reading it replaced.
func TestChatScannerMatchesGJSON(t *testing.T) {
	var stream bytes.Buffer
	for _, seed := range chatSeeds(t) {
		stream.WriteString("data: ")
		stream.Write(seed)
		stream.WriteString("\n\n")
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "streams", "chat_*.sse"))
	streams := [][]byte{stream.Bytes()}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		streams = append(streams, b)
	}
	for i, data := range streams {
		fast, slow := NewDecoder(gateway.Chat, time.Now()), NewDecoder(gateway.Chat, time.Now())
		slow.noScan = true
		_, _ = fast.ReadFrom(bytes.NewReader(data))
		_, _ = slow.ReadFrom(bytes.NewReader(data))
		f, s := fast.Stream(), slow.Stream()
		if !sameStream(f, s) || f.ToolCalls != s.ToolCalls || !reflect.DeepEqual(reasoned(f), reasoned(s)) {
			t.Errorf("stream %d:\nscanner %+v tools %d\n  gjson %+v tools %d", i, summary(f), f.ToolCalls, summary(s), s.ToolCalls)
		}
	}
}

func reasoned(s *Stream) []bool {
	var r []bool
	for _, d := range s.Deltas {
		r = append(r, d.Reasoning)
	}
	return r
}

// FuzzScanChat: whenever the scanner reads a chunk, it reads it as
// encoding/json does; it never reads what encoding/json refuses.
func FuzzScanChat(f *testing.F) {
	for _, seed := range chatSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var c chatChunk
		if !scanChat(data, &c) {
			return
		}
		want, ok := oracleChat(data)
		if !ok {
			t.Fatalf("scanner took what encoding/json refuses: %q -> %+v", data, viewOf(&c))
		}
		if got := viewOf(&c); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q\n got %+v\nwant %+v", data, got, want)
		}
	})
}
