package mock

import (
	"net/http"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// PortkeyHeader is Portkey's open-source gateway in front of the mock: it
// routes by header, so a request without x-portkey-provider or
// x-portkey-config (the model list too) gets its 400; with either, the
// mock answers as a healthy gateway. A tool configured to send the header
// (a custom-headers variable, a provider's http_headers) works, and
// so must keydoctor's probes of it.
const PortkeyHeader = "portkey-header"

// headerScenarios are the gateways that route by a header.
var headerScenarios = []Scenario{
	{PortkeyHeader, catalog.HeaderMissing, "Portkey: 400 Either x-portkey-config or x-portkey-provider header is required, unless the request carries one of them",
		"Portkey-AI/gateway src/middlewares/requestValidator"},
}

// portkeyMissing is Portkey's answer to a request without its routing
// header (requestValidator: status 400, JSON {status, message}).
const portkeyMissing = `{"status":"failure","message":"Either x-portkey-config or x-portkey-provider header is required"}`

// serveHeaderRequired answers a request that lacks the header its
// scenario routes by; false lets the request through.
func (c *call) serveHeaderRequired() bool {
	if c.scenario != PortkeyHeader || c.r.Header.Get("x-portkey-provider") != "" || c.r.Header.Get("x-portkey-config") != "" {
		return false
	}
	c.w.Header().Set("Content-Type", "application/json")
	c.w.WriteHeader(http.StatusBadRequest)
	_, _ = c.w.Write([]byte(portkeyMissing))
	return true
}
