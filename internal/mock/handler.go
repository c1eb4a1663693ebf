package mock

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/rawconn"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// maxBody caps a request body: coding tools send large system prompts and
// tool lists, so be generous.
const maxBody = 32 << 20

// call is one request as the handler sees it, and what the log says of it.
type call struct {
	h        *Handler
	w        *recorder
	r        *http.Request
	arrival  time.Time
	scenario string
	flavour  flavour
	auth     string           // bearer, x-api-key, none
	key      string           // presented key (never logged unmasked)
	proto    gateway.Protocol // generation requests only
	model    string
	stream   bool
	req      request // the POST body, read before the key check
	gemini   geminiRequest
	reqErr   error  // why it did not decode
	agent    string // what agent-mcp answered (agent.go), for the log
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.enter()
	defer h.leave()
	c := &call{h: h, w: &recorder{ResponseWriter: w}, r: r, arrival: rawconn.RequestArrival(r)}
	c.scenario = h.opts.Scenario
	if s := r.Header.Get(ScenarioHeader); s != "" {
		c.scenario = s
	}
	c.flavour = flavourOf(r)
	c.auth, c.key = presentedKey(r)
	defer h.logCall(c)
	sc, ok := LookupScenario(c.scenario)
	if !ok { // a typo in a test's scenario must not pass for a healthy gateway
		h.fail(c, errBadRequest, fmt.Sprintf("unknown mock scenario %q", c.scenario))
		return
	}
	c.scenario = sc.Name
	if enc := c.compress(); enc != nil {
		defer enc.finish()
	}
	if c.serveRouterIdentity() || c.serveHeaderRequired() || c.serveCanned(true) || c.serveRouterAnswer(true) {
		return
	}
	h.serve(c)
}

func (h *Handler) serve(c *call) {
	r := c.r
	switch c.scenario {
	case HTTPHTML:
		c.w.Header().Set("Content-Type", "text/html; charset=utf-8")
		c.w.WriteHeader(http.StatusOK)
		io.WriteString(c.w, htmlPage)
		return
	case HTTPRedirect:
		http.Redirect(c.w, r, "https://"+r.Host+r.URL.RequestURI(), http.StatusMovedPermanently)
		return
	case HTTPRedirectPath:
		http.Redirect(c.w, r, "/login?next="+r.URL.Path, http.StatusFound)
		return
	}
	prefix := h.opts.Prefix
	if c.scenario == EndpointNotFound {
		prefix = ""
		if h.opts.Prefix == "" {
			prefix = "/gateway"
		}
	}
	rest, ok := strings.CutPrefix(r.URL.Path, prefix)
	if !ok || (prefix != "" && rest != "" && rest[0] != '/') {
		h.notFound(c)
		return
	}
	serve, method, ok := h.route(c, strings.TrimSuffix(rest, "/"))
	if !ok {
		// timeout-headers too: a gateway answers a path it does not serve
		// itself, only what it passes upstream stalls (and a doctor run's
		// router identification, GET /health and the like, is not held
		// for its whole deadline).
		h.notFound(c)
		return
	}
	if c.scenario == TimeoutHeaders {
		// Read the body first: net/http notices a client that left (and
		// ends the request context) only once the body is consumed.
		io.Copy(io.Discard, io.LimitReader(r.Body, maxBody))
		c.stall()
		return
	}
	if r.Method != method {
		c.w.Header().Set("Allow", method)
		h.fail(c, errMethod, fmt.Sprintf("method %s not allowed on %s", r.Method, r.URL.Path))
		return
	}
	if r.Method == http.MethodPost {
		// Read the body before the key check, so the log names the model
		// and stream of rejected requests too.
		body, err := readBody(c)
		if err != nil {
			h.fail(c, errBadRequest, err.Error())
			return
		}
		if c.flavour == googleFlavour {
			c.req, c.gemini, c.reqErr = decodeGemini(c, body)
		} else {
			c.req, c.reqErr = decodeRequest(body)
		}
		c.model, c.stream = c.req.Model, c.req.Stream
	}
	if !h.authorized(c) {
		return
	}
	serve(c)
}

// route picks the handler and method of a path below the prefix; ok is
// false for a path the gateway does not serve.
func (h *Handler) route(c *call, rest string) (serve func(*call), method string, ok bool) {
	method = http.MethodPost
	if c.scenario == VendorRoots {
		// DeepSeek's and Kimi's layout: the Anthropic API under its own
		// root, the OpenAI one at the bare root; neither under the other's.
		if r, ok := strings.CutPrefix(rest, "/anthropic"); ok {
			if r != "/v1/messages" && r != "/v1/messages/count_tokens" {
				return nil, "", false
			}
			rest = r
		} else if strings.HasPrefix(rest, "/v1/messages") {
			return nil, "", false
		}
	}
	switch {
	case rest == "/v1/models":
		serve, method = h.models, http.MethodGet
	case strings.HasPrefix(rest, "/v1/models/") && !strings.Contains(rest[len("/v1/models/"):], "/"):
		serve, method = h.model, http.MethodGet
	case rest == "/v1/chat/completions":
		serve, c.proto = h.chat, gateway.Chat
	case rest == "/v1/messages" && c.scenario != NoMessages:
		serve, c.proto = h.messages, gateway.Messages
	case rest == "/v1/messages/count_tokens" && c.scenario != NoMessages:
		serve = h.countTokens
	case rest == "/v1/responses" && c.scenario != NoResponses:
		serve, c.proto = h.responses, gateway.Responses
	case strings.HasPrefix(rest, gatewayModelsPath):
		return h.geminiRoute(c, rest)
	default:
		return nil, "", false
	}
	return serve, method, true
}

func (h *Handler) notFound(c *call) {
	if c.r.Method == http.MethodPost && c.flavour != googleFlavour {
		// The log names the model of a request to a wrong path too (a
		// doubled /v1): which model the client meant is half the story.
		if body, err := readBody(c); err == nil {
			if req, err := decodeRequest(body); err == nil {
				c.model, c.stream = req.Model, req.Stream
			}
		}
	}
	h.fail(c, errNotFound, fmt.Sprintf("Invalid URL (%s %s)", c.r.Method, c.r.URL.Path))
}

func (c *call) hooks() *hooks { return c.h.opts.hooks }

// presentedKey reads the key from Authorization: Bearer or x-api-key, and
// on the Gemini API from x-goog-api-key or ?key=.
func presentedKey(r *http.Request) (kind, key string) {
	if a := r.Header.Get("Authorization"); a != "" {
		if k, ok := cutPrefixFold(a, "Bearer "); ok {
			return string(gateway.AuthBearer), strings.TrimSpace(k)
		}
		return "authorization", a
	}
	if k := r.Header.Get("X-Api-Key"); k != "" {
		return string(gateway.AuthXAPIKey), k
	}
	if !strings.Contains(r.URL.Path, gateway.Gemini.Version()+"/") {
		// Google's ways of passing the key count only on the Gemini API,
		// as at Google and at gateways that check each API's own header.
		return "none", ""
	}
	if k := r.Header.Get("X-Goog-Api-Key"); k != "" {
		return string(gateway.AuthGoogKey), k
	}
	if k := r.URL.Query().Get("key"); k != "" { // the Gemini API also takes ?key=
		return "query", k
	}
	return "none", ""
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// authorized answers 401 unless the request carries the key (and the
// scenario does not revoke it).
func (h *Handler) authorized(c *call) bool {
	switch {
	case c.key == "":
		h.fail(c, errAuth, "you didn't provide an API key: send it as Authorization: Bearer KEY or x-api-key: KEY")
	case c.scenario == AuthInvalid || c.key != h.opts.Key:
		h.fail(c, errAuth, "Incorrect API key provided: "+redact.Shown(c.key))
	default:
		return true
	}
	return false
}

// models lists the served models in a shape both SDK families read: the
// OpenAI list, plus Anthropic's type, display_name, created_at and paging.
func (h *Handler) models(c *call) {
	data := make([]map[string]any, len(h.opts.Models))
	for i, m := range h.opts.Models {
		data[i] = modelEntry(m)
	}
	if c.scenario == ModelEscape {
		data = append(data, modelEntry(HostileModel), modelEntry("claude-haiku\x1b[2J"))
	}
	first, last := "", ""
	if len(data) > 0 {
		first, last = h.opts.Models[0], h.opts.Models[len(h.opts.Models)-1]
	}
	writeJSON(c.w, http.StatusOK, map[string]any{
		"object": "list", "data": data, "has_more": false, "first_id": first, "last_id": last,
	})
}

func (h *Handler) model(c *call) {
	id := c.r.URL.Path[strings.LastIndex(c.r.URL.Path, "/")+1:]
	c.model = id
	if !h.serves(id) {
		h.fail(c, errModel, modelNotFoundMessage(id))
		return
	}
	writeJSON(c.w, http.StatusOK, modelEntry(id))
}

func modelEntry(id string) map[string]any {
	return map[string]any{
		"id": id, "object": "model", "created": 1700000000, "owned_by": "keydoctor-mock",
		"type": "model", "display_name": id, "created_at": "2023-11-14T22:13:20Z",
	}
}

func (h *Handler) serves(model string) bool {
	for _, m := range h.opts.Models {
		if m == model {
			return true
		}
	}
	return false
}

func modelNotFoundMessage(model string) string {
	return fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", model)
}

const htmlPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mock Gateway - Console</title></head>
<body><h1>Welcome to Mock Gateway</h1><p>Sign in to manage your API keys.</p></body></html>
`
