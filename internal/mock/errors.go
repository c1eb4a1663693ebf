package mock

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// flavour is the error shape a request expects: OpenAI's
// {"error":{...}} or Anthropic's {"type":"error","error":{...}}.
type flavour int

const (
	openAIFlavour flavour = iota
	anthropicFlavour
	googleFlavour // the Gemini API's {"error":{"code","message","status"}}
)

// flavourOf: the messages endpoints and any request carrying an
// anthropic-version header speak Anthropic; everything else OpenAI.
func flavourOf(r *http.Request) flavour {
	if r.Header.Get("X-Goog-Api-Key") != "" || strings.Contains(r.URL.Path, "/v1beta/") {
		return googleFlavour
	}
	if r.Header.Get("Anthropic-Version") != "" || strings.Contains(r.URL.Path, "/messages") {
		return anthropicFlavour
	}
	return openAIFlavour
}

// errKind is one kind of error answer in both shapes.
type errKind struct {
	status     int
	openAIType string
	openAICode string // "" means null
	antType    string
}

var (
	errBadRequest = errKind{http.StatusBadRequest, "invalid_request_error", "", "invalid_request_error"}
	errAuth       = errKind{http.StatusUnauthorized, "invalid_request_error", "invalid_api_key", "authentication_error"}
	errForbidden  = errKind{http.StatusForbidden, "permission_error", "model_not_allowed", "permission_error"}
	errNotFound   = errKind{http.StatusNotFound, "invalid_request_error", "", "not_found_error"}
	errMethod     = errKind{http.StatusMethodNotAllowed, "invalid_request_error", "", "invalid_request_error"}
	errModel      = errKind{http.StatusNotFound, "invalid_request_error", "model_not_found", "not_found_error"}
	errModel400   = errKind{http.StatusBadRequest, "invalid_request_error", "model_not_found", "invalid_request_error"}
	errRate       = errKind{http.StatusTooManyRequests, "requests", "rate_limit_exceeded", "rate_limit_error"}
	errServer     = errKind{http.StatusInternalServerError, "server_error", "", "api_error"}
	errUpstream   = errKind{http.StatusOK, "upstream_error", "bad_response_status_code", "api_error"}
)

// errorBody is the error object in the request's flavour.
func errorBody(f flavour, k errKind, msg string) map[string]any {
	if f == googleFlavour {
		_, body := googleError(k, msg)
		return body
	}
	if f == anthropicFlavour {
		return map[string]any{"type": "error", "error": map[string]any{"type": k.antType, "message": msg}}
	}
	var code any
	if k.openAICode != "" {
		code = k.openAICode
	}
	return map[string]any{"error": map[string]any{"message": msg, "type": k.openAIType, "param": nil, "code": code}}
}

func (h *Handler) fail(c *call, k errKind, msg string) {
	if c.flavour == googleFlavour {
		status, body := googleError(k, msg)
		writeJSON(c.w, status, body)
		return
	}
	writeJSON(c.w, k.status, errorBody(c.flavour, k, msg))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// recorder remembers the status for the log; Unwrap lets
// http.ResponseController reach the real writer to flush.
type recorder struct {
	http.ResponseWriter
	status int
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// errorIn200 answers 200 with an error object: a JSON body, or for a
// stream one error event in the protocol's form and nothing after it.
func (t *turn) errorIn200() {
	const msg = "upstream error: the provider returned an invalid response"
	body := errorBody(t.c.flavour, errUpstream, msg)
	if !t.req.Stream {
		writeJSON(t.c.w, 200, body)
		return
	}
	s := t.openSSE()
	switch {
	case t.c.proto == gateway.Messages:
		s.event("error", body)
	case t.c.proto == gateway.Gemini:
		s.event("", body)
	case t.c.proto == gateway.Responses:
		s.event("error", map[string]any{"type": "error", "code": errUpstream.openAICode, "message": msg, "param": nil, "sequence_number": 0})
	default:
		s.event("", body)
	}
	s.close()
}
