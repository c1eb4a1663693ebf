package probe

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/tidwall/gjson"
)

// classifyAnswer reads a whole answer to a POST through the catalog's
// classifier (an error status, a web page, an error inside a 200, JSON
// where a stream was asked), then the answer itself.
func classifyAnswer(res *Result, req Request) {
	v := catalog.Classify(answerOf(res, req))
	if v.Code != "" && v.Code != catalog.StreamNotSSE {
		applyVerdict(res, v)
		return
	}
	content := readJSONAnswer(res, req, res.Body)
	if v.Code == "" {
		v = catalog.ClassifyContent(content)
	}
	if v.Code != "" {
		applyVerdict(res, v)
		return
	}
	if res.Usage.InputTokens == 0 && res.Usage.OutputTokens == 0 {
		res.Notes = append(res.Notes, Note{catalog.UsageMissing, "the answer reports no token usage"})
	} else {
		res.Usage.FromServer = true
	}
	modelNote(res, req)
}

// classifyStream judges a stream that was read to its end.
func classifyStream(res *Result, req Request) {
	s := res.Stream
	if s.Events == 0 {
		body := bytes.TrimSpace(res.Body)
		switch {
		case catalog.IsHTML(res.ContentType, res.Body):
			res.Code, res.Err = catalog.HTTPHTML, errorf("a web page came back instead of an event stream%s", catalog.PageTitle(res.Body))
		case len(body) > 0 && gjson.ValidBytes(body):
			if e, ok := catalog.ReadError(body); ok {
				applyVerdict(res, catalog.ClassifyError(e))
				return
			}
			res.Code, res.Err = catalog.StreamNotSSE, errors.New("a stream was asked for and plain JSON came back")
		case len(res.Body) == 0:
			res.Code, res.Err = catalog.StreamUnterminated, errors.New("the stream ended before its first event")
		default:
			res.Code, res.Err = catalog.StreamNotSSE, errorf("a stream was asked for and this came back: %q", catalog.Clean(res.Body, 60))
		}
		return
	}
	if s.ErrorEvent != "" {
		v := catalog.ClassifyError(s.Error)
		res.Code, res.Err = v.Code, errorf("the stream carried an error event after %s: %s", human.Count(len(s.Deltas), "delta", "deltas"), s.ErrorEvent)
		return
	}
	if !s.Terminated {
		res.Code, res.Err = catalog.StreamUnterminated, errorf("the stream ended without %s after %d events", req.Protocol.Terminator(), s.Events)
		return
	}
	if v := catalog.ClassifyContent(streamContent(s)); v.Code != "" {
		res.Code, res.Err = v.Code, errorf("%s after %d events", v.Message, s.Events)
		return
	}
	if s.EmptyChoices > 0 {
		res.Notes = append(res.Notes, Note{catalog.StreamEmptyChoices, fmt.Sprintf(`%d chunk(s) with "choices": [] and no usage`, s.EmptyChoices)})
	}
	if s.Usage == nil || !s.Usage.FromServer {
		res.Notes = append(res.Notes, Note{catalog.UsageMissing, fmt.Sprintf("the stream reports no token usage; %s counted instead", human.Count(len(s.Deltas), "delta", "deltas"))})
	}
	if b := DetectBurst(s.Deltas); b.Buffered {
		res.Notes = append(res.Notes, Note{catalog.StreamBuffered, fmt.Sprintf("all %s arrived within %s after %s of silence", human.Count(b.Deltas, "delta", "deltas"), human.Duration(b.Span), human.Duration(b.Wait))})
	}
	modelNote(res, req)
}

func modelNote(res *Result, req Request) {
	if gateway.CompareModels(req.Model, res.Model) == gateway.ModelOther {
		res.Notes = append(res.Notes, Note{catalog.ModelMismatch, fmt.Sprintf("asked for %s, the answer names %s", req.Model, res.Model)})
	}
}

// readJSONAnswer takes model, text and usage from a non-streaming answer,
// and returns what it carried for the empty-answer judgement.
func readJSONAnswer(res *Result, req Request, body []byte) catalog.Content {
	r := gjson.ParseBytes(body)
	if req.Protocol == gateway.Gemini {
		readGeminiAnswer(res, r)
		return catalog.Content{Text: res.Text != ""}
	}
	res.Model = r.Get("model").String()
	var c catalog.Content
	var text strings.Builder
	switch req.Protocol {
	case gateway.Messages:
		r.Get("content").ForEach(func(_, b gjson.Result) bool {
			switch b.Get("type").String() {
			case "text":
				text.WriteString(b.Get("text").String())
			case "thinking", "redacted_thinking":
				c.Reasoning = true
			case "tool_use":
				c.ToolCalls++
			}
			return true
		})
		c.Stop = r.Get("stop_reason").String()
		res.Usage.InputTokens = int(r.Get("usage.input_tokens").Int())
		res.Usage.OutputTokens = int(r.Get("usage.output_tokens").Int())
	case gateway.Responses:
		r.Get("output").ForEach(func(_, item gjson.Result) bool {
			switch item.Get("type").String() {
			case "reasoning":
				c.Reasoning = true
			case "function_call":
				c.ToolCalls++
			}
			item.Get("content").ForEach(func(_, p gjson.Result) bool {
				if p.Get("type").String() == "output_text" {
					text.WriteString(p.Get("text").String())
				}
				return true
			})
			return true
		})
		c.Stop = r.Get("incomplete_details.reason").String()
		res.Usage.InputTokens = int(r.Get("usage.input_tokens").Int())
		res.Usage.OutputTokens = int(r.Get("usage.output_tokens").Int())
	default:
		m := r.Get("choices.0.message")
		text.WriteString(m.Get("content").String())
		c.Reasoning = m.Get("reasoning_content").String() != "" || m.Get("reasoning").String() != ""
		c.ToolCalls = int(m.Get("tool_calls.#").Int())
		c.Stop = r.Get("choices.0.finish_reason").String()
		c.Null = r.Get("choices").Type == gjson.Null
		res.Usage.InputTokens = int(r.Get("usage.prompt_tokens").Int())
		res.Usage.OutputTokens = int(r.Get("usage.completion_tokens").Int())
	}
	res.Text = text.String()
	c.Text = res.Text != ""
	return c
}

// streamContent is what a finished stream carried.
func streamContent(s *Stream) catalog.Content {
	return catalog.Content{Text: s.FirstText() > 0 || hasText(s), Reasoning: s.Reasoned(), ToolCalls: s.ToolCalls, Stop: s.StopReason}
}

func hasText(s *Stream) bool {
	for _, d := range s.Deltas {
		if !d.Reasoning {
			return true
		}
	}
	return false
}
