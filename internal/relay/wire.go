package relay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// WireObserver reads the three wire protocols (chat completions, messages,
// responses), streamed as SSE or answered whole, for the few figures the
// relay records. It is the relay's default Observer.
var WireObserver Observer = ObserverFunc(observeWire)

func observeWire(proto gateway.Protocol, stream bool, body Tap) Observation {
	defer io.Copy(io.Discard, body) // read to the end whatever happens
	if !stream {
		b, _ := io.ReadAll(io.LimitReader(body, 16<<20))
		var w wireEvent
		if json.Unmarshal(b, &w) != nil {
			return Observation{}
		}
		o := Observation{Model: w.model(), Failed: len(w.Error) > 0 && string(w.Error) != "null"}
		if n, ok := w.outputTokens(); ok {
			o.OutputTokens = n
		}
		if o.Model != "" || o.OutputTokens > 0 {
			o.FirstDelta = body.Arrived()
		}
		return o
	}
	var o Observation
	deltas, serverTokens, haveServer := 0, 0, false
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 64<<10), 8<<20)
	var data bytes.Buffer
	dispatch := func() {
		defer data.Reset()
		if data.Len() == 0 || bytes.Equal(data.Bytes(), []byte("[DONE]")) {
			return
		}
		var w wireEvent
		if json.Unmarshal(data.Bytes(), &w) != nil {
			return
		}
		if m := w.model(); m != "" {
			o.Model = m
		}
		if w.Type == "error" || w.Type == "response.failed" || (len(w.Error) > 0 && string(w.Error) != "null") {
			o.Failed = true
		}
		if n, ok := w.outputTokens(); ok {
			serverTokens, haveServer = n, true
		}
		if w.isContentDelta(proto) {
			if deltas == 0 {
				o.FirstDelta = body.Arrived()
			}
			deltas++
		}
	}
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case len(line) == 0:
			dispatch()
		case bytes.HasPrefix(line, []byte("data:")):
			if data.Len() > 0 {
				data.WriteByte('\n')
			}
			data.Write(bytes.TrimPrefix(bytes.TrimPrefix(line, []byte("data:")), []byte(" ")))
		}
	}
	dispatch() // a last event without its blank line
	o.OutputTokens = deltas
	if haveServer {
		o.OutputTokens = serverTokens
	}
	return o
}

// wireEvent is the union of the fields the relay reads from a chat chunk,
// a messages event, a responses event or a whole (non-streamed) answer.
type wireEvent struct {
	Type     string          `json:"type"`
	Model    string          `json:"model"`
	Message  *wireObject     `json:"message"`  // messages: message_start
	Response *wireObject     `json:"response"` // responses: response.created/completed
	Usage    *wireUsage      `json:"usage"`
	Error    json.RawMessage `json:"error"`
	Choices  []struct {
		Delta struct {
			Content          string            `json:"content"`
			ReasoningContent string            `json:"reasoning_content"`
			ToolCalls        []json.RawMessage `json:"tool_calls"`
		} `json:"delta"`
	} `json:"choices"`
}

type wireObject struct {
	Model string     `json:"model"`
	Usage *wireUsage `json:"usage"`
}

type wireUsage struct {
	OutputTokens     *int `json:"output_tokens"`
	CompletionTokens *int `json:"completion_tokens"`
}

func (w *wireEvent) model() string {
	switch {
	case w.Model != "":
		return w.Model
	case w.Message != nil && w.Message.Model != "":
		return w.Message.Model
	case w.Response != nil && w.Response.Model != "":
		return w.Response.Model
	}
	return ""
}

// outputTokens is the server's output token count, when this event has one.
// A messages message_start carries a placeholder count (often 1) that
// message_delta later replaces, so it is not taken.
func (w *wireEvent) outputTokens() (int, bool) {
	for _, u := range []*wireUsage{w.Usage, w.respUsage()} {
		if u == nil {
			continue
		}
		if u.OutputTokens != nil {
			return *u.OutputTokens, true
		}
		if u.CompletionTokens != nil {
			return *u.CompletionTokens, true
		}
	}
	return 0, false
}

func (w *wireEvent) respUsage() *wireUsage {
	if w.Response != nil {
		return w.Response.Usage
	}
	return nil
}

// isContentDelta: a delta that carries content (not a role-only chunk).
func (w *wireEvent) isContentDelta(proto gateway.Protocol) bool {
	switch proto {
	case gateway.Messages:
		return w.Type == "content_block_delta"
	case gateway.Responses:
		return w.Type == "response.output_text.delta" || w.Type == "response.reasoning_text.delta" ||
			w.Type == "response.reasoning_summary_text.delta" || w.Type == "response.function_call_arguments.delta"
	default:
		for _, c := range w.Choices {
			if c.Delta.Content != "" || c.Delta.ReasoningContent != "" || len(c.Delta.ToolCalls) > 0 {
				return true
			}
		}
	}
	return false
}
