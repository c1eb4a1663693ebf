package wire

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// viaDeadProxy is what happened when a request that goes through a proxy
// could not connect: only the proxy is dialled then, so the refusal (or
// the silence) is the proxy's, and naming the gateway's host would send
// the user after the wrong machine. ok is false for any other failure.
func viaDeadProxy(code catalog.Code, res *probe.Result, host string) (msg string, ok bool) {
	if res == nil || res.Proxy == "" {
		return "", false
	}
	name := ""
	if res.ProxyVar != "" {
		name = " ($" + res.ProxyVar + ")"
	}
	switch code {
	case catalog.ConnectRefused:
		return fmt.Sprintf("nothing listens at the proxy %s%s: the connection was refused, so the request never reached %s", res.Proxy, name, host), true
	case catalog.ConnectTimeout:
		return fmt.Sprintf("the connection to the proxy %s%s timed out, so the request never reached %s", res.Proxy, name, host), true
	}
	return "", false
}

// proxySlots point the fix at the proxy: its URL and the variable that
// names it.
func proxySlots(s *catalog.Slots, res *probe.Result) {
	s.URL, s.Key = res.Proxy, res.ProxyVar
}
