package mock

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// The Gemini API, as the tools speaking it send it (docs/tools.md):
// POST {prefix}/v1beta/models/{model}:generateContent and
// :streamGenerateContent?alt=sse (a JSON array without alt=sse),
// :countTokens, GET {prefix}/v1beta/models and /v1beta/models/{model}. The
// key comes in x-goog-api-key (or ?key=); errors take Google's shape.

// geminiRoute picks the handler for a path below /v1beta/models, the
// method it takes, and reads the model and call from the path.
func (h *Handler) geminiRoute(c *call, rest string) (serve func(*call), method string, ok bool) {
	if c.scenario == NoGemini {
		return nil, "", false
	}
	if rest == gatewayModelsPath {
		return h.geminiModels, http.MethodGet, true
	}
	name, found := strings.CutPrefix(rest, gatewayModelsPath+"/")
	if !found || name == "" || strings.Contains(name, "/") {
		return nil, "", false
	}
	model, verb, hasVerb := strings.Cut(name, ":")
	c.model = model
	switch {
	case !hasVerb:
		return h.geminiModel, http.MethodGet, true
	case verb == "generateContent":
		c.proto = gateway.Gemini
		return h.gemini, http.MethodPost, true
	case verb == "streamGenerateContent":
		c.proto, c.stream = gateway.Gemini, true
		return h.gemini, http.MethodPost, true
	case verb == "countTokens":
		return h.geminiCountTokens, http.MethodPost, true
	}
	return nil, "", false
}

const gatewayModelsPath = "/v1beta/models"

// geminiRequest is what the fake gateway reads of a GenerateContentRequest.
type geminiRequest struct {
	Contents          json.RawMessage `json:"contents"`
	SystemInstruction json.RawMessage `json:"systemInstruction"`
	GenerationConfig  struct {
		MaxOutputTokens    int             `json:"maxOutputTokens"`
		ResponseMimeType   string          `json:"responseMimeType"`
		ResponseJSONSchema json.RawMessage `json:"responseJsonSchema"`
		ResponseSchema     json.RawMessage `json:"responseSchema"`
	} `json:"generationConfig"`
}

// decodeGemini reads a Gemini body into the protocol-neutral request: the
// model and streaming come from the path.
func decodeGemini(c *call, body []byte) (request, geminiRequest, error) {
	var g geminiRequest
	r := request{Model: c.model, Stream: c.stream}
	if err := json.Unmarshal(body, &g); err != nil {
		return r, g, err
	}
	r.Messages, r.System, r.MaxOutputTokens = g.Contents, g.SystemInstruction, g.GenerationConfig.MaxOutputTokens
	return r, g, nil
}

func (h *Handler) gemini(c *call) {
	t := h.begin(c)
	if t == nil {
		return
	}
	defer t.release()
	if c.scenario == ErrorIn200 {
		t.errorIn200()
		return
	}
	// A request for JSON output (a tool's model router, its
	// next-speaker check) gets one JSON part that fits its schema.
	var jsonText string
	if gc := c.gemini.GenerationConfig; gc.ResponseMimeType == "application/json" {
		schema := gc.ResponseJSONSchema
		if len(schema) == 0 {
			schema = gc.ResponseSchema
		}
		b, _ := json.Marshal(fromSchema(schema, 0))
		jsonText = string(b)
	}
	finish := "STOP"
	if t.truncated {
		finish = "MAX_TOKENS"
	}
	chunk := func(text string, last bool) map[string]any {
		cand := map[string]any{"content": map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}}, "index": 0}
		m := map[string]any{"candidates": []any{cand}, "modelVersion": t.model, "responseId": "mock" + t.id}
		if last && (c.scenario != StreamUnterminated || !t.req.Stream) {
			cand["finishReason"] = finish
		}
		if last && t.usage() {
			m["usageMetadata"] = map[string]any{"promptTokenCount": t.in, "candidatesTokenCount": t.n, "totalTokenCount": t.in + t.n}
		}
		return m
	}
	if jsonText != "" {
		t.n = 1
	}
	whole := jsonText
	if whole == "" {
		whole = t.text()
	}
	switch {
	case c.scenario == StreamNotSSE || !t.req.Stream:
		t.respondJSON(chunk(whole, true))
		return
	case !c.r.URL.Query().Has("alt"): // without alt=sse Google streams one JSON array
		t.respondJSON([]any{chunk(whole, true)})
		return
	}
	s := t.openSSE()
	if t.n == 0 { // an empty answer: one last chunk with no text
		s.event("", chunk("", true))
		s.close()
		return
	}
	for i := range t.n {
		if s.err != nil { // the client left
			return
		}
		if t.stallAt(i) {
			t.stall()
			return
		}
		if t.failAt(i) { // Google's error shape, mid-stream
			s.event("", map[string]any{"error": map[string]any{"code": 503, "message": "The model is overloaded. Please try again later.", "status": "UNAVAILABLE"}})
			s.close()
			return
		}
		s.due(t, i) // the event below is encoded first, then sent on time
		text := token(i)
		if jsonText != "" {
			text = jsonText
		}
		s.event("", chunk(text, i == t.n-1))
	}
	s.close()
}

// fromSchema builds a value that fits a JSON schema (OpenAPI's upper-case
// type names or JSON Schema's): the first enum value, a word, 1, false.
func fromSchema(raw json.RawMessage, depth int) any {
	var s struct {
		Type       any                        `json:"type"`
		Enum       []any                      `json:"enum"`
		Properties map[string]json.RawMessage `json:"properties"`
		Items      json.RawMessage            `json:"items"`
	}
	if depth > 8 || json.Unmarshal(raw, &s) != nil {
		return map[string]any{}
	}
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	typ, _ := s.Type.(string)
	switch strings.ToLower(typ) {
	case "string":
		return "tok0"
	case "integer", "number":
		return 1
	case "boolean":
		return false
	case "array":
		return []any{}
	}
	out := map[string]any{}
	for k, v := range s.Properties {
		out[k] = fromSchema(v, depth+1)
	}
	return out
}

func (h *Handler) geminiCountTokens(c *call) {
	if c.reqErr != nil {
		h.fail(c, errBadRequest, "invalid request: "+c.reqErr.Error())
		return
	}
	writeJSON(c.w, http.StatusOK, map[string]any{"totalTokens": c.req.inputTokens()})
}

func (h *Handler) geminiModels(c *call) {
	list := make([]any, len(h.opts.Models))
	for i, m := range h.opts.Models {
		list[i] = geminiModelEntry(m)
	}
	writeJSON(c.w, http.StatusOK, map[string]any{"models": list})
}

func (h *Handler) geminiModel(c *call) {
	if !h.serves(c.model) {
		h.fail(c, errModel, modelNotFoundMessage(c.model))
		return
	}
	writeJSON(c.w, http.StatusOK, geminiModelEntry(c.model))
}

func geminiModelEntry(id string) map[string]any {
	return map[string]any{
		"name": "models/" + id, "version": "001", "displayName": id, "inputTokenLimit": 1048576, "outputTokenLimit": 65536,
		"supportedGenerationMethods": []string{"generateContent", "streamGenerateContent", "countTokens"},
	}
}

// googleStatus is the status name Google's errors carry for an HTTP status.
func googleStatus(code int) string {
	switch code {
	case http.StatusBadRequest:
		return "INVALID_ARGUMENT"
	case http.StatusUnauthorized:
		return "UNAUTHENTICATED"
	case http.StatusForbidden:
		return "PERMISSION_DENIED"
	case http.StatusNotFound:
		return "NOT_FOUND"
	case http.StatusTooManyRequests:
		return "RESOURCE_EXHAUSTED"
	case http.StatusOK:
		return "UNAVAILABLE"
	}
	if code >= 500 {
		return "INTERNAL"
	}
	return "FAILED_PRECONDITION"
}

// googleError is Google's error object. A key it does not accept is a 400
// with the reason API_KEY_INVALID, not a 401.
func googleError(k errKind, msg string) (int, map[string]any) {
	status := k.status
	e := map[string]any{"message": msg}
	if k == errAuth && strings.HasPrefix(msg, "Incorrect API key") {
		status, e["message"] = http.StatusBadRequest, "API key not valid. Please pass a valid API key."
		e["details"] = []any{map[string]any{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
			"reason": "API_KEY_INVALID", "domain": "googleapis.com"}}
	}
	e["code"], e["status"] = status, googleStatus(status)
	if k == errUpstream {
		e["code"] = 503
	}
	return status, map[string]any{"error": e}
}
