package probe

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/tidwall/gjson"
)

// classifyAnswer reads a whole answer to a POST: an error status, a web
// page, JSON where a stream was asked, an error inside a 200, or the
// answer itself.
func classifyAnswer(res *Result, req Request) {
	if res.StatusCode < 200 || res.StatusCode >= 300 {
		classifyStatus(res, req)
		return
	}
	body := res.Body
	if isHTML(res.ContentType, body) {
		res.Code, res.Err = "http-html", errorf("a web page came back instead of an API answer%s", pageTitle(body))
		return
	}
	if !gjson.ValidBytes(body) {
		res.Code, res.Err = "http-html", errorf("the answer is not JSON (%s): %q", orUnknown(res.ContentType), CleanBody(body, 60))
		return
	}
	if errText, ok := errorIn200(body); ok {
		res.Code, res.Err = "error-in-200", errorf("the gateway answered 200 with an error: %s", errText)
		return
	}
	readJSONAnswer(res, req, body)
	if req.Stream {
		res.Code, res.Err = "stream-not-sse", errorf("a stream was asked for and a whole %s answer came back", orUnknown(res.ContentType))
		return
	}
	if res.Usage.InputTokens == 0 && res.Usage.OutputTokens == 0 {
		res.Notes = append(res.Notes, Note{"usage-missing", "the answer reports no token usage"})
	} else {
		res.Usage.FromServer = true
	}
	modelNote(res, req)
}

// classifyStream judges a stream that was read to its end.
func classifyStream(res *Result, req Request) {
	s := res.Stream
	if s.Events == 0 {
		switch {
		case isHTML(res.ContentType, res.Body):
			res.Code, res.Err = "http-html", errorf("a web page came back instead of an event stream%s", pageTitle(res.Body))
		case gjson.ValidBytes(bytes.TrimSpace(res.Body)) && len(bytes.TrimSpace(res.Body)) > 0:
			if errText, ok := errorIn200(res.Body); ok {
				res.Code, res.Err = "error-in-200", errorf("the gateway answered 200 with an error: %s", errText)
				return
			}
			res.Code, res.Err = "stream-not-sse", errors.New("a stream was asked for and plain JSON came back")
		case len(res.Body) == 0:
			res.Code, res.Err = "stream-unterminated", errors.New("the stream ended before its first event")
		default:
			res.Code, res.Err = "stream-not-sse", errorf("a stream was asked for and this came back: %q", CleanBody(res.Body, 60))
		}
		return
	}
	if s.ErrorEvent != "" {
		res.Code, res.Err = "error-in-200", errorf("the stream carried an error event after %d deltas: %s", len(s.Deltas), s.ErrorEvent)
		return
	}
	if !s.Terminated {
		res.Code, res.Err = "stream-unterminated", errorf("the stream ended without %s after %d events", req.Protocol.Terminator(), s.Events)
		return
	}
	if s.EmptyChoices > 0 {
		res.Notes = append(res.Notes, Note{"stream-empty-choices", fmt.Sprintf(`%d chunk(s) with "choices": [] and no usage`, s.EmptyChoices)})
	}
	if s.Usage == nil || !s.Usage.FromServer {
		res.Notes = append(res.Notes, Note{"usage-missing", fmt.Sprintf("the stream reports no token usage; %d deltas counted instead", len(s.Deltas))})
	}
	if b := DetectBurst(s.Deltas); b.Buffered {
		res.Notes = append(res.Notes, Note{"stream-buffered", fmt.Sprintf("all %d deltas arrived within %s after %s of silence", b.Deltas, b.Span, b.Wait)})
	}
	modelNote(res, req)
}

func modelNote(res *Result, req Request) {
	if gateway.CompareModels(req.Model, res.Model) == gateway.ModelOther {
		res.Notes = append(res.Notes, Note{"model-mismatch", fmt.Sprintf("asked for %s, the answer names %s", req.Model, res.Model)})
	}
}

// readJSONAnswer takes model, text and usage from a non-streaming answer.
func readJSONAnswer(res *Result, req Request, body []byte) {
	r := gjson.ParseBytes(body)
	if req.Protocol == gateway.Gemini {
		readGeminiAnswer(res, r)
		return
	}
	res.Model = r.Get("model").String()
	var text strings.Builder
	switch req.Protocol {
	case gateway.Messages:
		r.Get("content").ForEach(func(_, c gjson.Result) bool {
			if c.Get("type").String() == "text" {
				text.WriteString(c.Get("text").String())
			}
			return true
		})
		res.Usage.InputTokens = int(r.Get("usage.input_tokens").Int())
		res.Usage.OutputTokens = int(r.Get("usage.output_tokens").Int())
	case gateway.Responses:
		r.Get("output").ForEach(func(_, item gjson.Result) bool {
			item.Get("content").ForEach(func(_, c gjson.Result) bool {
				if c.Get("type").String() == "output_text" {
					text.WriteString(c.Get("text").String())
				}
				return true
			})
			return true
		})
		res.Usage.InputTokens = int(r.Get("usage.input_tokens").Int())
		res.Usage.OutputTokens = int(r.Get("usage.output_tokens").Int())
	default:
		text.WriteString(r.Get("choices.0.message.content").String())
		res.Usage.InputTokens = int(r.Get("usage.prompt_tokens").Int())
		res.Usage.OutputTokens = int(r.Get("usage.completion_tokens").Int())
	}
	res.Text = text.String()
}

// errorIn200 finds an error object in an answer that claims success.
func errorIn200(body []byte) (string, bool) {
	r := gjson.ParseBytes(body)
	if e := r.Get("error"); e.Exists() && e.Type != gjson.Null && !(e.Type == gjson.String && e.String() == "") {
		return errorText(e), true
	}
	if r.Get("type").String() == "error" { // Anthropic's error shape
		return errorText(r.Get("error")), true
	}
	if r.Get("status").String() == "failed" { // a failed Responses object
		return errorText(r.Get("error")), true
	}
	return "", false
}

// gatewayMessage is the gateway's own explanation in an error body.
func gatewayMessage(res *Result) string {
	body := bytes.TrimSpace(res.Body)
	if len(body) == 0 {
		return ""
	}
	if isHTML(res.ContentType, body) {
		return "a web page" + pageTitle(body)
	}
	if gjson.ValidBytes(body) {
		r := gjson.ParseBytes(body)
		for _, path := range []string{"error", "message", "detail", "msg"} {
			if v := r.Get(path); v.Exists() && v.Type != gjson.Null {
				return errorText(v)
			}
		}
		return CleanBody(body, 120)
	}
	return CleanBody(body, 120)
}

var modelCodes = []string{"model_not_found", "model_not_exist", "invalid_model", "model_not_supported", "unknown_model", "not_found_error"}

var modelPhrases = regexp.MustCompile(`(?i)model.{0,80}(not found|does not exist|doesn't exist|not exist|unknown|not supported|unsupported|invalid|not available|no available|unavailable|无可用渠道|不存在)|(unknown|invalid|unsupported|no such) model`)

// modelError reports whether an error body is about the model: a
// model_not_found code, or a message naming the model and saying it is not
// served. 401, 403 and 429 never reach here.
func modelError(body []byte, model string, status int) bool {
	if status < 400 {
		return false
	}
	r := gjson.ParseBytes(body)
	for _, path := range []string{"error.code", "error.type", "code", "type"} {
		v := strings.ToLower(r.Get(path).String())
		for _, c := range modelCodes {
			if v == c && (c != "not_found_error" || mentions(body, model)) {
				return true
			}
		}
	}
	msg := gatewayMessageText(r, body)
	if r.Get("error.param").String() == "model" && status < 500 {
		return true
	}
	if modelPhrases.MatchString(msg) {
		return true
	}
	return status < 500 && mentions(body, model) && strings.Contains(strings.ToLower(msg), "model")
}

func gatewayMessageText(r gjson.Result, body []byte) string {
	if m := r.Get("error.message").String(); m != "" {
		return m
	}
	if m := r.Get("message").String(); m != "" {
		return m
	}
	return string(body)
}

// mentions reports whether body names model outside an echo of a Gemini
// request path (/v1beta/models/MODEL:…): a gateway quoting the path of a
// 404 says nothing about the model.
func mentions(body []byte, model string) bool {
	body = bytes.ReplaceAll(body, []byte("/models/"+model), nil)
	return len(model) > 2 && bytes.Contains(body, []byte(model))
}

func isHTML(contentType string, body []byte) bool {
	if strings.HasPrefix(strings.ToLower(contentType), "text/html") {
		return true
	}
	head := bytes.ToLower(bytes.TrimSpace(body[:min(len(body), 512)]))
	return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html")) || bytes.HasPrefix(head, []byte("<head"))
}

var titleRE = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)

func pageTitle(body []byte) string {
	if m := titleRE.FindSubmatch(body[:min(len(body), 64<<10)]); m != nil {
		t := CleanBody(m[1], len(m[1]))
		if t != "" {
			return fmt.Sprintf(" (title %q)", clip(t, 80))
		}
	}
	return ""
}

func orUnknown(ct string) string {
	if ct == "" {
		return "no content type"
	}
	return ct
}
