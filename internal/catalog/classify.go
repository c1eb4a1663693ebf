package catalog

import (
	"bytes"
	"fmt"
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
	// Encoding is a Content-Encoding the client could not decode (it asked
	// only for gzip): the body is still compressed.
	Encoding string
	// Truncated: the body went past Cap, the most the client reads; Body
	// holds the first Cap bytes.
	Truncated bool
	Cap       int64
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
// call it. The status alone misleads (the same 401, 403 or 429 means
// "wrong key", "no balance" or "slow down" depending on the body), so it
// reads the error's type, code and message, in English and in the
// Chinese of one-api and new-api, and the headers that name a CDN or a
// wait.
func Classify(a Answer) Verdict {
	if a.Status >= 200 && a.Status < 300 {
		return classifySuccess(a)
	}
	st := a.Status
	if st >= 300 && st < 400 {
		return Verdict{Code: HTTPRedirect, Message: a.Header.Get("Location")}
	}
	ct := a.Header.Get("Content-Type")
	v := Verdict{Message: message(ct, a.Body)}
	e, _ := ReadError(a.Body)
	page := IsHTML(ct, a.Body)
	switch {
	case page && (st == 403 || st == 413 || st == 429 || st >= 500) && cdn(a.Header, a.Body) != "":
		v.Code, v.Message = CDNPage, cdn(a.Header, a.Body)+" answered with its own page"+PageTitle(a.Body)
	case st == http.StatusPaymentRequired || (!page && st < 500 && (typed(e, quotaTypes) || matches(e, a.Body, quotaPhrases))):
		v.Code = QuotaExhausted
	case !page && matches(e, a.Body, noChannelPhrases):
		v.Code = ModelNoChannel
	case !page && routerFailed(a):
		v.Code, _ = routerVerdict(a)
	case !page && st == http.StatusBadRequest && matches(e, a.Body, headerMissingPhrases):
		v.Code = HeaderMissing
	case st == 529 || (!page && (st == 429 || st >= 500) && matches(e, a.Body, overloadedPhrases)):
		v.Code = UpstreamOverloaded
	default:
		v.Code = byStatus(a)
	}
	if retryable(v.Code) { // a wait the gateway names for a refusal does not make a retry useful
		v.Wait = Wait(a.Header, a.Body, time.Now())
	}
	return v
}

// byStatus names an answer whose body says nothing more specific.
func byStatus(a Answer) Code {
	st := a.Status
	switch {
	case st == http.StatusUnauthorized, st == http.StatusBadRequest && GoogleKeyRejected(a.Body):
		return AuthInvalid
	case st == http.StatusTooManyRequests:
		return RateLimited
	case st == http.StatusForbidden:
		return AuthForbidden
	case modelError(a.Body, a.Model, st):
		return ModelNotFound
	case (st == http.StatusNotFound || st == http.StatusMethodNotAllowed) && a.RouteKnown:
		return ModelNotFound
	case st == http.StatusNotFound || st == http.StatusMethodNotAllowed:
		return EndpointNotFound
	case st >= 500:
		return ServerError
	}
	return HTTPError
}

func retryable(c Code) bool { return Of(c).Retry }

// classifySuccess reads a 2xx answer: compressed in a way nobody asked
// for, empty, a web page, not JSON, an error inside it, or JSON where a
// stream was asked for.
func classifySuccess(a Answer) Verdict {
	body := bytes.TrimSpace(a.Body)
	ct := a.Header.Get("Content-Type")
	switch {
	case a.Truncated:
		return Verdict{Code: ResponseTooLarge, Message: fmt.Sprintf("the answer is larger than the %s keydoctor reads: it stopped after %d bytes%s",
			Size(a.Cap), a.Cap+1, declared(a.Header))}
	case a.Encoding != "":
		return Verdict{Code: EncodingUnasked, Message: "the answer is " + a.Encoding + "-compressed, which the request did not accept"}
	case len(a.Body) >= 2 && a.Body[0] == 0x1f && a.Body[1] == 0x8b:
		return Verdict{Code: EncodingUnasked, Message: "the answer is gzip-compressed but says so nowhere (no Content-Encoding)"}
	case len(body) == 0:
		return Verdict{Code: AnswerEmpty, Message: "the gateway answered " + strconv.Itoa(a.Status) + " with an empty body"}
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

// ClassifyError names an error object that came inside a success: a JSON
// body with status 200, or an error event in a stream (Anthropic sends
// overloaded_error mid-stream; OpenRouter sends errors as data events).
func ClassifyError(e GatewayError) Verdict {
	v := Verdict{Code: ErrorIn200, Message: e.Text()}
	switch {
	case typed(e, quotaTypes) || matches(e, nil, quotaPhrases):
		v.Code = QuotaExhausted
	case matches(e, nil, noChannelPhrases):
		v.Code = ModelNoChannel
	case matches(e, nil, overloadedPhrases):
		v.Code = UpstreamOverloaded
	case typed(e, rateLimitTypes):
		v.Code = RateLimited
	}
	return v
}

func orNoType(ct string) string {
	if ct == "" {
		return "no content type"
	}
	return ct
}

// Content is what a 2xx answer carried, as the protocol decoder saw it.
type Content struct {
	Text      bool   // any visible text
	Reasoning bool   // reasoning deltas or blocks
	ToolCalls int    // tool calls (the probe offers no tools)
	Stop      string // finish_reason, stop_reason or the incomplete reason
	Null      bool   // "choices": null
}

// ClassifyContent names an answer that arrived whole but says nothing:
// no text at all. A reasoning model whose reasoning used up the token
// limit before any text is not at fault (the probe asks for few tokens).
func ClassifyContent(c Content) Verdict {
	if c.Text {
		return Verdict{}
	}
	switch c.Stop {
	case "length", "max_tokens", "max_output_tokens":
		if c.Reasoning {
			return Verdict{}
		}
	}
	what := "no text"
	switch {
	case c.Null:
		what = `"choices": null`
	case c.ToolCalls > 0:
		what = "only a tool call, though the request offered no tools"
	case c.Reasoning:
		what = "reasoning but no text"
	}
	msg := "the answer has no content: " + what
	if c.Stop != "" {
		msg += " (stop reason " + c.Stop + ")"
	}
	return Verdict{Code: AnswerEmpty, Message: msg}
}

// Size renders a byte count for messages: "1 MiB", "10.5 MiB", "512 B".
func Size(n int64) string {
	switch {
	case n >= 1<<20:
		return strings.TrimSuffix(strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64), ".0") + " MiB"
	case n >= 1<<10:
		return strings.TrimSuffix(strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64), ".0") + " KiB"
	}
	return strconv.FormatInt(n, 10) + " B"
}

// declared is what Content-Length says the whole answer is, if it does.
func declared(h http.Header) string {
	if n, err := strconv.ParseInt(h.Get("Content-Length"), 10, 64); err == nil && n > 0 {
		return "; Content-Length says " + Size(n)
	}
	return ""
}
