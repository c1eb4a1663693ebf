package catalog

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"
)

// Answer is what a gateway answered, as far as the classifier reads it.
type Answer struct {
	Status int
	Header http.Header
	// Body is the answer as it was decoded (never still compressed); it
	// may be only its first bytes.
	Body []byte
	// Model is the model the request asked for: a refusal naming it is
	// about the model.
	Model string
	// Stream: a stream was asked for, so a whole JSON answer is wrong.
	Stream bool
	// RouteKnown: the path is known to be served (verify saw the tool use
	// the right one), so a bare 404 is about the model.
	RouteKnown bool
}

// Verdict is the classifier's answer.
type Verdict struct {
	Code Code // "" when the answer is a success as far as status and body say
	// Message is what the answer says, in the gateway's own words where it
	// has any (its error message, a page's title), cleaned for printing.
	Message string
	// Wait is how long the gateway asks the client to wait before trying
	// again (Retry-After and the like); zero when it does not say.
	Wait time.Duration
}

// Classify names what an answer means. It is the one classifier of HTTP
// answers: the probe (ping, bench, doctor), the wire ladder and verify all
// call it.
func Classify(a Answer) Verdict {
	if a.Status >= 200 && a.Status < 300 {
		return classifySuccess(a)
	}
	v := Verdict{Message: message(a.Header.Get("Content-Type"), a.Body)}
	st := a.Status
	switch {
	case st >= 300 && st < 400:
		v.Code, v.Message = HTTPRedirect, a.Header.Get("Location")
	case st == http.StatusUnauthorized:
		v.Code = AuthInvalid
	case st == http.StatusTooManyRequests:
		v.Code, v.Wait = RateLimited, RetryAfter(a.Header, time.Now())
	case st == http.StatusForbidden:
		v.Code = AuthForbidden
	case modelError(a.Body, a.Model, st):
		v.Code = ModelNotFound
	case (st == http.StatusNotFound || st == http.StatusMethodNotAllowed) && a.RouteKnown:
		v.Code = ModelNotFound
	case st == http.StatusNotFound || st == http.StatusMethodNotAllowed:
		v.Code = EndpointNotFound
	case st >= 500:
		v.Code = ServerError
	default:
		v.Code = HTTPError
	}
	return v
}

// classifySuccess reads a 2xx answer: a web page, something that is not
// JSON, an error inside it, or JSON where a stream was asked for.
func classifySuccess(a Answer) Verdict {
	body := bytes.TrimSpace(a.Body)
	ct := a.Header.Get("Content-Type")
	switch {
	case IsHTML(ct, body):
		return Verdict{Code: HTTPHTML, Message: "a web page came back instead of an API answer" + PageTitle(body)}
	case !gjson.ValidBytes(body):
		return Verdict{Code: HTTPHTML, Message: "the answer is not JSON (" + orNoType(ct) + "): " + strconv.Quote(Clean(body, 60))}
	}
	if e, ok := ReadError(body); ok {
		return ClassifyError(e)
	}
	if a.Stream {
		return Verdict{Code: StreamNotSSE, Message: "a stream was asked for and a whole " + orNoType(ct) + " answer came back"}
	}
	return Verdict{}
}

// ClassifyError names an error object that came inside a success: a
// JSON body with status 200, or an error event in a stream.
func ClassifyError(e GatewayError) Verdict {
	return Verdict{Code: ErrorIn200, Message: e.Text()}
}

func orNoType(ct string) string {
	if ct == "" {
		return "no content type"
	}
	return ct
}

// RetryAfter reads Retry-After (seconds or an HTTP date) and the
// millisecond variant some gateways send.
func RetryAfter(h http.Header, now time.Time) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now).Round(time.Second)
	}
	return 0
}
