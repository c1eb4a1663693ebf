package catalog

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/tidwall/gjson"
)

// GatewayError is the error object a gateway put in its answer, in any of
// the shapes gateways use: OpenAI's {"error":{"message","type","code"}},
// Anthropic's {"type":"error","error":{"type","message"}}, one-api's and
// new-api's (OpenAI's with their own type), OpenRouter's numeric code, a
// bare {"message"} or {"detail"}, or a string.
type GatewayError struct {
	Type    string
	Code    string
	Message string
	Param   string
}

// Text renders the error as one printable line: "code: message".
func (e GatewayError) Text() string {
	code := e.Code
	if code == "" || isNumber(code) {
		code = e.Type
	}
	var t string
	switch {
	case e.Message != "" && code != "":
		t = code + ": " + e.Message
	case e.Message != "":
		t = e.Message
	default:
		t = code
	}
	return Clean([]byte(t), 200)
}

func isNumber(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// ErrorObject reads an error value (an object or a string) as a
// GatewayError.
func ErrorObject(v gjson.Result) GatewayError {
	if v.Type == gjson.String {
		return GatewayError{Message: v.String()}
	}
	e := GatewayError{
		Type:    v.Get("type").String(),
		Code:    v.Get("code").String(),
		Message: v.Get("message").String(),
		Param:   v.Get("param").String(),
	}
	if st := v.Get("status").String(); e.Type == "" && st != "" {
		e.Type = st // Google's {"code":400,"status":"INVALID_ARGUMENT"}: the name says more
	}
	if e.Message == "" && e.Type == "" && e.Code == "" {
		e.Message = v.Raw
	}
	return e
}

// ReadError finds the error a body carries. ok is false for a body that
// is not JSON or holds no error.
func ReadError(body []byte) (GatewayError, bool) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || !gjson.ValidBytes(body) {
		return GatewayError{}, false
	}
	r := gjson.ParseBytes(body)
	if e := r.Get("error"); present(e) {
		return ErrorObject(e), true
	}
	if r.Get("type").String() == "error" { // Anthropic's shape without "error"
		return GatewayError{Type: "error", Message: r.Get("message").String()}, true
	}
	if r.Get("status").String() == "failed" { // a failed Responses object
		return ErrorObject(r.Get("error")), true
	}
	return GatewayError{}, false
}

func present(v gjson.Result) bool {
	return v.Exists() && v.Type != gjson.Null && !(v.Type == gjson.String && v.String() == "")
}

// message is the gateway's own explanation in a non-2xx body: its error
// object, a top-level message or detail, a web page's title, or the first
// bytes.
func message(contentType string, body []byte) string {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return ""
	}
	if IsHTML(contentType, body) {
		return "a web page" + PageTitle(body)
	}
	if e, ok := ReadError(body); ok {
		return e.Text()
	}
	if gjson.ValidBytes(body) {
		r := gjson.ParseBytes(body)
		for _, path := range []string{"message", "detail", "msg"} {
			if v := r.Get(path); present(v) {
				return ErrorObject(v).Text()
			}
		}
	}
	return Clean(body, 120)
}

// IsHTML reports whether an answer is a web page.
func IsHTML(contentType string, body []byte) bool {
	if strings.HasPrefix(strings.ToLower(contentType), "text/html") {
		return true
	}
	head := bytes.ToLower(bytes.TrimSpace(body[:min(len(body), 512)]))
	return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html")) || bytes.HasPrefix(head, []byte("<head"))
}

var titleRE = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)

// PageTitle is ` (title "…")` for a page that has one, else "".
func PageTitle(body []byte) string {
	if m := titleRE.FindSubmatch(body[:min(len(body), 64<<10)]); m != nil {
		if t := Clean(m[1], 80); t != "" {
			return fmt.Sprintf(" (title %q)", t)
		}
	}
	return ""
}

var modelCodes = []string{"model_not_found", "model_not_exist", "invalid_model", "model_not_supported", "unknown_model", "not_found_error"}

var modelPhrases = regexp.MustCompile(`(?i)model.{0,80}(not found|does not exist|doesn't exist|not exist|unknown|not supported|unsupported|invalid|not available|no available|unavailable|无可用渠道|不存在)|(unknown|invalid|unsupported|no such) model`)

// modelError reports whether an error body is about the model: a
// model_not_found code, or a message naming the model and saying it is
// not served.
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
	msg := r.Get("error.message").String()
	if msg == "" {
		msg = r.Get("message").String()
	}
	if msg == "" {
		msg = string(body)
	}
	if r.Get("error.param").String() == "model" && status < 500 {
		return true
	}
	if modelPhrases.MatchString(msg) {
		return true
	}
	return status < 500 && mentions(body, model) && strings.Contains(strings.ToLower(msg), "model")
}

// mentions reports whether body names model outside an echo of a Gemini
// request path (/v1beta/models/MODEL:…): a gateway quoting the path of a
// 404 says nothing about the model.
func mentions(body []byte, model string) bool {
	body = bytes.ReplaceAll(body, []byte("/models/"+model), nil)
	return len(model) > 2 && bytes.Contains(body, []byte(model))
}

// GoogleKeyRejected reports whether an error body is Google's answer to a
// key it does not accept: 400 INVALID_ARGUMENT with the reason
// API_KEY_INVALID (Google answers a bad key with 400, not 401).
func GoogleKeyRejected(body []byte) bool {
	e := gjson.GetBytes(body, "error")
	if !e.IsObject() {
		return false
	}
	found := false
	e.Get("details").ForEach(func(_, d gjson.Result) bool {
		found = d.Get("reason").String() == "API_KEY_INVALID"
		return !found
	})
	return found || strings.Contains(e.Get("message").String(), "API key not valid")
}
