package ping

import (
	"net/url"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Fix is the catalog's fix for code, its slots filled with what a single
// request knows: the profile (where the key and model come from, the base
// URL), the protocol it spoke and what came back (res may be nil). Which
// slots a code fills is the per-code policy of ping and demo.
func Fix(code catalog.Code, p gateway.Profile, proto gateway.Protocol, res *probe.Result) string {
	s := catalog.Slots{Model: p.Model, Was: p.BaseURL, Tool: toolsSpeaking(proto)}
	if res != nil {
		if u, err := url.Parse(res.URL); err == nil {
			s.Host = u.Host
		}
		if res.RetryAfter > 0 {
			s.Wait = res.RetryAfter.String()
		}
	}
	switch code {
	case catalog.AuthInvalid:
		s.Key, s.Command = p.KeySource(), "keydoctor setup"
	case catalog.AuthForbidden:
		s.Command = "keydoctor ping --model ID"
	case catalog.ModelNotFound:
		s.Key, s.URL = modelVar(p), strings.TrimRight(p.BaseURL, "/")+"/v1/models"
	case catalog.ConnectRefused, catalog.ConnectTimeout:
		if res != nil && res.Proxy != "" { // only the proxy was dialled
			s.URL, s.Key = res.Proxy, res.ProxyVar
		}
	case catalog.TLSUntrusted:
		if res != nil && res.TLSIssuer != "" {
			s.Value = "\"" + res.TLSIssuer + "\""
		}
	case catalog.ProtocolUnsupported:
		s.Value = "an endpoint at " + proto.Path()
	case catalog.HTTPRedirect:
		if res != nil {
			s.Value, s.URL = redirectBase(res, proto)
		}
	}
	return catalog.Render(code, s)
}

// toolsSpeaking names the tools that send proto (docs/tools.md).
func toolsSpeaking(proto gateway.Protocol) string {
	var names []string
	for _, t := range tool.All() {
		if t.Protocol == proto && t.Setup {
			names = append(names, t.Title)
		}
	}
	return strings.Join(names, " and ")
}

func modelVar(p gateway.Profile) string {
	if p.VarModel != "" {
		return p.VarModel + " (or --model)"
	}
	return "--model"
}

// redirectBase is the gateway root a redirect points at, when it points
// at this protocol's endpoint; otherwise the page it leads to.
func redirectBase(res *probe.Result, proto gateway.Protocol) (base, page string) {
	loc := res.Header.Get("Location")
	if loc == "" {
		return "", ""
	}
	if from, err := url.Parse(res.URL); err == nil {
		if l, err := from.Parse(loc); err == nil {
			loc = l.String()
		}
	}
	path, _, _ := strings.Cut(loc, "?")
	if root, ok := strings.CutSuffix(path, proto.Path()); ok && proto != "" {
		return root, ""
	}
	return "", loc
}

// AuthFor is the auth header the tools that speak proto send (a bearer
// token when none does).
func AuthFor(proto gateway.Protocol) gateway.Auth {
	for _, t := range tool.All() {
		if t.Protocol == proto {
			return t.Auth
		}
	}
	return gateway.AuthBearer
}
