package probe

import (
	"context"
	"net/http"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/tidwall/gjson"
)

// ListModels asks GET {root}/v1/models for the models the gateway serves
// (the setup wizard offers them; the wire doctor names the closest ones
// when a model is not found). On failure the ids are nil and the result
// carries the code.
func ListModels(ctx context.Context, c *Client, root, key string, auth gateway.Auth) ([]string, *Result) {
	return listModels(ctx, c, Request{Root: root, Key: key, Auth: auth})
}

// ListModelsHeader is ListModels sending the extra headers the tool
// sends (a header-routed gateway lists nothing without them).
func ListModelsHeader(ctx context.Context, c *Client, root, key string, auth gateway.Auth, header http.Header) ([]string, *Result) {
	return listModels(ctx, c, Request{Root: root, Key: key, Auth: auth, Header: header})
}

// listModels lists with req's root, key, auth and extra headers.
func listModels(ctx context.Context, c *Client, req Request) ([]string, *Result) {
	switch {
	case req.Protocol == gateway.Gemini, req.Auth == gateway.AuthGoogKey:
		// x-goog-api-key is the Gemini API's header: its list is
		// /v1beta/models (a gateway may check that key nowhere else).
		req.Protocol = gateway.Gemini
	default:
		req.Protocol = gateway.Chat
	}
	req.URL, req.Stream = strings.TrimRight(req.Root, "/")+req.Protocol.ModelsPath(), false
	if req.Auth == gateway.AuthXAPIKey && req.Header.Get("Anthropic-Version") == "" {
		// Anthropic-style gateways want the version header on every call.
		req.Header = req.Header.Clone()
		if req.Header == nil {
			req.Header = http.Header{}
		}
		req.Header.Set("Anthropic-Version", AnthropicVersion)
	}
	res := &Result{Method: http.MethodGet, URL: req.URL}
	res.ReqHeader = shownHeader(req, c.opts.UserAgent)
	res.ReqHeader.Del("Content-Type")
	c.send(ctx, req, res, nil, nil)
	if res.Code != "" {
		return nil, res
	}
	if v := catalog.Classify(answerOf(res, req)); v.Code != "" {
		applyVerdict(res, v)
		return nil, res
	}
	return parseModelList(res.Body), res
}

// ConfirmProtocol refines a 404 on the messages or responses endpoint: when
// the same root and key do answer GET /v1/models, the base URL is right
// and the gateway lacks this protocol (protocol-unsupported: a tool that
// speaks only it cannot work there), not a wrong path. It costs one request
// and only runs after such a 404.
func ConfirmProtocol(ctx context.Context, c *Client, req Request, res *Result) {
	if res.Code != catalog.EndpointNotFound || req.Protocol == gateway.Chat || req.URL != "" || req.Root == "" {
		return
	}
	if req.Protocol == gateway.Gemini {
		// A gateway that lists Gemini models speaks the API: the 404 is
		// about this model or path. One that lists only OpenAI's does not.
		if ids, gres := listModels(ctx, c, req); gres.Code == "" && ids != nil {
			return
		}
		req.Protocol, req.Auth = gateway.Chat, gateway.AuthBearer
	}
	ids, mres := listModels(ctx, c, req)
	if mres.Code != "" || ids == nil {
		return
	}
	res.Code = catalog.ProtocolUnsupported
	res.Err = errorf("the gateway answers %s%s but has no %s (%s)", strings.TrimRight(req.Root, "/"), mres.URL[len(strings.TrimRight(req.Root, "/")):], res.URL[len(strings.TrimRight(req.Root, "/")):], res.Err)
}

func parseModelList(body []byte) []string {
	ids := []string{}
	// OpenAI and Anthropic both answer {"data":[{"id":…},…]}; Google
	// {"models":[{"name":…},…]}; a few gateways a bare array.
	r := gjson.ParseBytes(body)
	list := r.Get("data")
	if !list.Exists() {
		list = r.Get("models")
	}
	if r.IsArray() {
		list = r
	}
	list.ForEach(func(_, m gjson.Result) bool {
		id := m.Get("id").String()
		if id == "" && m.Type == gjson.String {
			id = m.String()
		}
		if id == "" {
			id = m.Get("name").String()
		}
		if id != "" {
			// Google names its models "models/gemini-2.5-flash".
			ids = append(ids, strings.TrimPrefix(id, "models/"))
		}
		return true
	})
	return ids
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
