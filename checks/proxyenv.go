package checks

import (
	"net"
	"net/url"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// The tools are Node, Rust and Go programs (their description's
// Runtime): Go's http.ProxyFromEnvironment never proxies loopback, but
// undici (Node) and reqwest (Rust) proxy whatever NO_PROXY does not list,
// 127.0.0.1 and localhost included. This file reasons as
// they do.

// runtimeKind is the HTTP stack a tool uses, as its description says.
type runtimeKind = tool.Runtime

const (
	nodeRuntime = tool.Node // undici's EnvHttpProxyAgent rules
	rustRuntime = tool.Rust // reqwest's system-proxy rules
	goRuntime   = tool.Go   // net/http's ProxyFromEnvironment rules
)

// runtimeOf is a tool's HTTP stack: Node for a tool keydoctor does not
// know (SDK scripts are the common case).
func runtimeOf(id gateway.ToolID) runtimeKind {
	if t, ok := tool.Lookup(string(id)); ok {
		return t.Runtime
	}
	return nodeRuntime
}

// proxyVar is the proxy a request would use and the variable it came from.
type proxyVar struct {
	Var   string
	Value string
}

// proxyVars lists, for a target scheme, the variables each runtime reads,
// first match wins. Lower case comes first (curl's and undici's order).
// undici falls back from https_proxy to http_proxy and ignores ALL_PROXY;
// reqwest has no such fallback but reads ALL_PROXY.
func proxyVars(rt runtimeKind, scheme string) []string {
	switch {
	case rt == nodeRuntime && scheme == "https":
		return []string{"https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY"}
	case rt == nodeRuntime:
		return []string{"http_proxy", "HTTP_PROXY"}
	case rt == goRuntime && scheme == "https": // upper case first, no ALL_PROXY
		return []string{"HTTPS_PROXY", "https_proxy"}
	case rt == goRuntime:
		return []string{"HTTP_PROXY", "http_proxy"}
	case scheme == "https":
		return []string{"https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"}
	default:
		return []string{"http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"}
	}
}

// proxyFor is the proxy the runtime uses for target, if any.
func proxyFor(getenv func(string) string, rt runtimeKind, target *url.URL) (proxyVar, bool) {
	for _, v := range proxyVars(rt, target.Scheme) {
		if val := strings.TrimSpace(getenv(v)); val != "" {
			return proxyVar{v, val}, true
		}
	}
	return proxyVar{}, false
}

// noProxyVar is the NO_PROXY variable in effect and its value.
func noProxyVar(getenv func(string) string) (string, string) {
	for _, v := range []string{"no_proxy", "NO_PROXY"} {
		if val := getenv(v); val != "" {
			return v, val
		}
	}
	return "NO_PROXY", ""
}

// bypassed reports whether NO_PROXY exempts host:port. Entries are
// separated by commas or spaces; "*" matches everything; "host" and
// ".host" / "*.host" match the host and its subdomains; "host:port" only
// that port; IP entries match that address; CIDR blocks (10.0.0.0/8) only
// in reqwest. Loopback is never exempt by itself.
func bypassed(rt runtimeKind, noProxy, host, port string) bool {
	host = strings.ToLower(strings.Trim(host, "[]"))
	ip := net.ParseIP(host)
	for _, entry := range strings.FieldsFunc(noProxy, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		entry = strings.ToLower(strings.TrimSpace(entry))
		if entry == "*" {
			return true
		}
		if rt == rustRuntime && ip != nil {
			if _, block, err := net.ParseCIDR(entry); err == nil && block.Contains(ip) {
				return true
			}
		}
		ehost, eport := entry, ""
		if h, p, err := net.SplitHostPort(entry); err == nil {
			ehost, eport = h, p
		}
		ehost = strings.Trim(ehost, "[]")
		if eport != "" && eport != port {
			continue
		}
		if eip := net.ParseIP(ehost); eip != nil {
			if ip != nil && eip.Equal(ip) {
				return true
			}
			continue
		}
		ehost = strings.TrimPrefix(ehost, "*")
		bare := strings.TrimPrefix(ehost, ".")
		if bare == "" {
			continue
		}
		if host == bare || strings.HasSuffix(host, "."+bare) {
			return true
		}
	}
	return false
}

// hostKind classifies where a host is: loopback, the LAN, or elsewhere.
type hostKind int

const (
	remoteHost hostKind = iota
	loopbackHost
	lanHost
)

func classifyHost(host string) hostKind {
	h := strings.ToLower(strings.Trim(host, "[]"))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return loopbackHost
	}
	if ip := net.ParseIP(h); ip != nil {
		switch {
		case ip.IsLoopback():
			return loopbackHost
		case ip.IsPrivate(), ip.IsLinkLocalUnicast():
			return lanHost
		}
		return remoteHost
	}
	for _, suf := range []string{".local", ".lan", ".home.arpa", ".internal"} {
		if strings.HasSuffix(h, suf) {
			return lanHost
		}
	}
	if !strings.Contains(h, ".") {
		return lanHost // a single-label name resolves only on the local network
	}
	return remoteHost
}

// hostPort is the address a URL connects to, default port filled in.
func hostPort(u *url.URL) (string, string) {
	port := u.Port()
	if port == "" {
		switch u.Scheme {
		case "https":
			port = "443"
		case "socks5", "socks5h", "socks4", "socks":
			port = "1080"
		default:
			port = "80"
		}
	}
	return u.Hostname(), port
}

// parseProxy reads a proxy variable's value; a value without a scheme is
// taken as http:// (what undici and reqwest do).
func parseProxy(v string) (*url.URL, error) {
	if !strings.Contains(v, "://") {
		v = "http://" + v
	}
	u, err := url.Parse(v)
	if err == nil && u.Hostname() == "" {
		err = &url.Error{Op: "parse", URL: v, Err: errNoHost}
	}
	return u, err
}

type constError string

func (e constError) Error() string { return string(e) }

const errNoHost = constError("no host")

// withNoProxy is the NO_PROXY value that also exempts hosts: the current
// entries kept, the missing ones appended.
func withNoProxy(current string, hosts ...string) string {
	entries := strings.FieldsFunc(current, func(r rune) bool { return r == ',' || r == ' ' })
	have := map[string]bool{}
	for _, e := range entries {
		have[strings.ToLower(e)] = true
	}
	for _, h := range hosts {
		if h != "" && !have[strings.ToLower(h)] {
			entries = append(entries, h)
			have[strings.ToLower(h)] = true
		}
	}
	return strings.Join(entries, ",")
}
