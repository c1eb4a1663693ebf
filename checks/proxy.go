package checks

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/shell"
)

// allProxyVars are every proxy variable, both cases.
var allProxyVars = []string{"https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"}

// proxyCheck implements the "local proxy failed" diagnosis for proxy
// variables. proxy-captures-local: a tool's loopback base URL (a relay
// such as CC Switch's 127.0.0.1:15721) would be sent through the proxy
// because NO_PROXY lacks it: an error, the proxy cannot reach the relay on
// this machine's loopback as the tool meant (or answers with its own
// failure); a LAN base URL so captured is a warning (the proxy may or may
// not reach the LAN). proxy-unreachable: the proxy a tool would use does
// not accept a TCP connection: an error, every request of that tool fails;
// a proxy variable no configured tool uses is a warning.
type proxyCheck struct {
	snap *discover.Snapshot
	dial dialFunc

	mu    sync.Mutex
	dials map[string]error
}

func (*proxyCheck) Name() string { return "proxy" }

func (c *proxyCheck) Run(ctx context.Context, e *env.Env) []doctor.Finding {
	set := false
	for _, v := range allProxyVars {
		if e.Getenv(v) != "" {
			set = true
		}
	}
	if !set {
		return []doctor.Finding{skip("", "no proxy variable is set (HTTP_PROXY, HTTPS_PROXY, ALL_PROXY, either case)")}
	}
	var out []doctor.Finding
	used := map[string]bool{}
	reported := map[string]bool{} // proxy values already said not to answer
	npVar, npVal := noProxyVar(e.Getenv)
	for _, t := range c.snap.Tools {
		if !t.Base.Set() {
			continue
		}
		target, err := url.Parse(t.Base.Value)
		if err != nil || target.Hostname() == "" {
			continue // url-invalid says it
		}
		rt := runtimeOf(t.ID)
		pv, ok := proxyFor(e.Getenv, rt, target)
		if !ok {
			continue
		}
		host, port := hostPort(target)
		if rt == goRuntime && classifyHost(host) == loopbackHost {
			continue // Go never proxies loopback
		}
		if bypassed(rt, npVal, host, port) {
			continue
		}
		used[pv.Var] = true
		kind := classifyHost(host)
		if kind != remoteHost {
			st, where := doctor.Error, "this machine's loopback"
			add := []string{host, "localhost", "127.0.0.1", "::1"}
			if kind == lanHost {
				st, where, add = doctor.Warning, "the local network", []string{host}
			}
			val := withNoProxy(npVal, add...)
			out = append(out, finding(t, catalog.ProxyCapturesLocal, st,
				fmt.Sprintf("%s sends its requests for %s (%s) through the proxy %s ($%s): $%s does not exempt %s, and %s does not skip %s by itself; the requests fail at the proxy (\"local proxy failed\") instead of reaching %s",
					t.Label, t.Base.Value, where, redactProxy(pv.Value), pv.Var, npVar, host, runtimeName(rt), where, net.JoinHostPort(host, port)),
				catalog.Render(catalog.ProxyCapturesLocal, catalog.Slots{Edit: noProxyEdit(e, val)}),
				"$"+pv.Var))
		}
		if err := c.reach(ctx, pv.Value); err != nil {
			reported[pv.Value] = true
			out = append(out, finding(t, catalog.ProxyUnreachable, doctor.Error,
				fmt.Sprintf("%s would send every request through the proxy %s ($%s), which does not answer: %v", t.Label, redactProxy(pv.Value), pv.Var, err),
				catalog.Render(catalog.ProxyUnreachable, catalog.Slots{Value: redactProxy(pv.Value), Key: pv.Var, Host: host}),
				"$"+pv.Var))
		}
	}
	out = append(out, c.unused(ctx, e, used, reported)...)
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "the proxy answers and exempts every local base URL"})
	}
	return out
}

// unused checks the proxy variables no configured tool uses (still a trap
// for the next program), one finding per proxy: HTTP_PROXY and http_proxy
// naming one dead proxy are one cause with one fix, and a proxy already
// reported for a tool is not reported again.
func (c *proxyCheck) unused(ctx context.Context, e *env.Env, used, reported map[string]bool) []doctor.Finding {
	vars := map[string][]string{}
	var order []string
	for _, v := range allProxyVars {
		val := e.Getenv(v)
		if val == "" || used[v] || reported[val] {
			continue
		}
		if len(vars[val]) == 0 {
			order = append(order, val)
		}
		vars[val] = append(vars[val], v)
	}
	var out []doctor.Finding
	for _, val := range order {
		err := c.reach(ctx, val)
		if err == nil {
			continue
		}
		names := "$" + strings.Join(vars[val], " and $")
		verb := "names"
		if len(vars[val]) > 1 {
			verb = "name"
		}
		out = append(out, doctor.Finding{Code: catalog.ProxyUnreachable, Status: doctor.Warning, Source: "$" + vars[val][0],
			Message: fmt.Sprintf("%s %s the proxy %s, which does not answer: %v", names, verb, redactProxy(val), err),
			Fix:     catalog.Render(catalog.ProxyUnreachable, catalog.Slots{Value: redactProxy(val), Key: strings.Join(vars[val], " and ")})})
	}
	return out
}

// reach dials a proxy once per address.
func (c *proxyCheck) reach(ctx context.Context, raw string) error {
	u, err := parseProxy(raw)
	if err != nil {
		return fmt.Errorf("%q is not a proxy URL", redactProxy(raw))
	}
	host, port := hostPort(u)
	addr := net.JoinHostPort(host, port)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dials == nil {
		c.dials = map[string]error{}
	}
	if err, ok := c.dials[addr]; ok {
		return err
	}
	err = c.dial(ctx, addr)
	c.dials[addr] = err
	return err
}

// redactProxy hides a password in a proxy URL (user:pass@host).
func redactProxy(raw string) string {
	u, err := parseProxy(raw)
	if err != nil || u.User == nil {
		return raw
	}
	return u.Redacted()
}

func runtimeName(rt runtimeKind) string {
	switch rt {
	case rustRuntime:
		return "its HTTP client (Rust reqwest)"
	case goRuntime:
		return "its HTTP client (Go net/http)"
	}
	return "its HTTP client (Node)"
}

// noProxyEdit is the fix of proxy-captures-local in the user's shell:
// NO_PROXY and no_proxy set to val for this session and kept.
func noProxyEdit(e *env.Env, val string) string {
	sh, names := shell.Of(e), []string{"NO_PROXY", "no_proxy"}
	return sh.SetAll(names, val) + " in the shell that starts it and " + sh.PersistAll(names, val)
}
