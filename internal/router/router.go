// Package router tells which local router listens at a tool's loopback
// base URL (claude-code-router, CC Switch's proxy, Portkey's gateway, a
// LiteLLM proxy, one-api or new-api) and, where its configuration is
// readable on this machine, where it sends the tool's model. A route
// through a router has two hops, the tool → router and the router →
// upstream; doctor's findings name the one that failed (the router-*
// codes of internal/catalog), and this package gives them the router's
// name, its configuration file and its restart command.
//
// Every answer is untrusted: each probe has a deadline, reads at most
// maxBody bytes, and what is kept of it is a fixed name or a short value
// cleaned of anything but printable ASCII.
package router

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Kind names a router.
type Kind string

const (
	CCR      Kind = "claude-code-router"
	CCSwitch Kind = "cc-switch"
	Portkey  Kind = "portkey"
	LiteLLM  Kind = "litellm"
	OneAPI   Kind = "one-api" // one-api and new-api: the same /api/status
)

// Router is what listens at a loopback base URL.
type Router struct {
	Kind  Kind   `json:"kind"`
	Title string `json:"title"`
	Addr  string `json:"address"`
	// Evidence is the answer that named it ("GET /health").
	Evidence string `json:"evidence"`
	// Version is what the router says of itself (one-api's /api/status),
	// cleaned; "" when it says nothing.
	Version string `json:"version,omitempty"`
	// Restart is the command that restarts it (a restart cures a key
	// claude-code-router wrote on its first start and its crashed
	// gateway); "" for a router restarted another way.
	Restart string `json:"restart,omitempty"`
	// Route is where it sends the tool's model, read from its
	// configuration on this machine; nil when none was read.
	Route *Route `json:"route,omitempty"`
}

// Route is one routing decision read from a router's configuration:
// never a key.
type Route struct {
	File     string `json:"file"`               // the configuration read, ~ for the home
	Provider string `json:"provider,omitempty"` // the router's provider entry
	Upstream string `json:"upstream,omitempty"` // its base URL as the file has it (the run's writer hides its userinfo)
	Model    string `json:"model,omitempty"`    // the model the upstream is asked for
	// Line is where the provider entry starts in File, Entry how it is
	// named there (Providers[0]): the place a fix of the router → upstream
	// hop is made. 0 and "" when unknown.
	Line  int    `json:"line,omitempty"`
	Entry string `json:"entry,omitempty"`
	// Note says what could not be read ("its routes are in config.sqlite").
	Note string `json:"note,omitempty"`
}

// Place is where the router's provider entry is set, as a fix names it:
// "~/.claude-code-router/config.json:7 (Providers[0])", else the file.
func (r *Route) Place() string {
	if r == nil {
		return ""
	}
	if r.Line > 0 && r.Entry != "" {
		return fmt.Sprintf("%s:%d (%s)", r.File, r.Line, r.Entry)
	}
	return r.File
}

// Timeout bounds one identification: every probe of it, in parallel.
const Timeout = 2 * time.Second

// maxBody is the most of an answer a probe reads: identity answers are
// small; an endless one must not hold the run.
const maxBody = 64 << 10

// Client is a client for loopback only: no proxy (a proxy variable must
// not send a probe of 127.0.0.1 elsewhere), no redirects followed.
func Client() *http.Client {
	return &http.Client{
		Transport: &http.Transport{Proxy: nil, DialContext: (&net.Dialer{Timeout: Timeout}).DialContext,
			ResponseHeaderTimeout: Timeout, MaxResponseHeaderBytes: 16 << 10},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       Timeout,
	}
}

// Loopback is the scheme://host:port of a loopback base URL, and its
// host:port; ok is false for any other URL.
func Loopback(base string) (root, addr string, ok bool) {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", "", false
	}
	h := u.Hostname()
	ip := net.ParseIP(h)
	if h != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return "", "", false
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	addr = net.JoinHostPort(h, port)
	return u.Scheme + "://" + addr, addr, true
}

// answer is one probe's result.
type answer struct {
	status int
	ctype  string
	body   []byte
}

func get(ctx context.Context, c *http.Client, u string) (answer, bool) {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return answer{}, false
	}
	res, err := c.Do(req)
	if err != nil {
		return answer{}, false
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(res.Body, maxBody))
	return answer{res.StatusCode, res.Header.Get("Content-Type"), b}, true
}

// probes are the identity requests, each path with its reader; the first
// in this order that names a router wins.
var probes = []struct {
	path string
	read func(answer) (Router, bool)
}{
	{"/", readRoot},
	{"/health", readHealth},
	{"/status", readCCSwitchStatus},
	{"/health/liveliness", readLiteLLM},
	{"/api/status", readOneAPI},
}

// Identify asks what listens at base, a loopback base URL; ok is false
// for another URL or when nothing there names itself. It never sends a
// key: the identity endpoints of every router here answer without one.
func Identify(ctx context.Context, c *http.Client, base string) (Router, bool) {
	root, addr, ok := Loopback(base)
	if !ok {
		return Router{}, false
	}
	found := make([]Router, len(probes))
	hit := make([]bool, len(probes))
	var wg sync.WaitGroup
	for i, p := range probes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if a, ok := get(ctx, c, root+p.path); ok && a.status == http.StatusOK {
				found[i], hit[i] = p.read(a)
			}
		}()
	}
	wg.Wait()
	for i := range probes {
		if hit[i] {
			r := found[i]
			r.Addr = addr
			r.Evidence = "GET " + probes[i].path
			return r, true
		}
	}
	return Router{}, false
}

func obj(b []byte) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	return m
}

func str(m map[string]json.RawMessage, k string) string {
	var s string
	_ = json.Unmarshal(m[k], &s)
	return s
}

// readRoot: CCR 3.x lists its endpoints under its name; Portkey greets.
func readRoot(a answer) (Router, bool) {
	if strings.TrimSpace(string(a.body)) == "AI Gateway says hey!" {
		return Router{Kind: Portkey, Title: "Portkey's gateway"}, true
	}
	if m := obj(a.body); m != nil && str(m, "name") == "claude-code-router" {
		return ccr(), true
	}
	return Router{}, false
}

// readHealth: CCR 3.1.1's {runtimeId, status, timestamp} (its sources
// also have {core, status, timestamp}). CC Switch's proxy answers
// {status: "healthy", timestamp}, too plain to name it: /status does.
func readHealth(a answer) (Router, bool) {
	m := obj(a.body)
	if m != nil && m["status"] != nil && (m["core"] != nil || m["runtimeId"] != nil) {
		return ccr(), true
	}
	return Router{}, false
}

// readCCSwitchStatus: CC Switch's proxy status (ProxyStatus,
// src-tauri/src/proxy/types.rs), which names its current provider.
func readCCSwitchStatus(a answer) (Router, bool) {
	m := obj(a.body)
	if m == nil || m["running"] == nil || m["failover_count"] == nil || m["success_rate"] == nil {
		return Router{}, false
	}
	r := Router{Kind: CCSwitch, Title: "CC Switch's local proxy"}
	if p := clean(str(m, "current_provider")); p != "" {
		r.Route = &Route{File: "CC Switch (GET /status)", Provider: p, Note: "its providers are in ~/.cc-switch/cc-switch.db"} // ReadCCSwitch reads the rest
	}
	return r, true
}

// readLiteLLM: the proxy's liveness answer, "I'm alive!".
func readLiteLLM(a answer) (Router, bool) {
	if strings.Contains(string(a.body), "I'm alive") {
		return Router{Kind: LiteLLM, Title: "a LiteLLM proxy"}, true
	}
	return Router{}, false
}

// readOneAPI: one-api and new-api answer {success, data: {version,
// system_name, …}}.
func readOneAPI(a answer) (Router, bool) {
	m := obj(a.body)
	if m == nil || m["success"] == nil || m["data"] == nil {
		return Router{}, false
	}
	d := obj(m["data"])
	if d == nil || d["version"] == nil {
		return Router{}, false
	}
	title := "one-api/new-api"
	if n := clean(str(d, "system_name")); n != "" {
		title += " (" + n + ")"
	}
	return Router{Kind: OneAPI, Title: title, Version: clean(str(d, "version"))}, true
}

func ccr() Router {
	// `ccr start` does not revive a crashed gateway while its management
	// service runs (issue 32): stop it first.
	return Router{Kind: CCR, Title: "claude-code-router", Restart: "ccr stop && ccr start"}
}

// maxURL bounds a base URL read from a router's configuration.
const maxURL = 2048

// shownURL keeps a base URL a router's configuration names if it can be
// shown as it is: no control byte (C0, DEL or C1, which a terminal acts
// on), valid UTF-8, at most maxURL bytes. Anything else makes it "", and
// ok false: no URL with a control character is a usable one anyway.
func shownURL(s string) (_ string, ok bool) {
	if len(s) > maxURL || !utf8.ValidString(s) {
		return "", false
	}
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) {
			return "", false
		}
	}
	return s, true
}

// unshownURL is a Route's Note when its base URL could not be shown.
const unshownURL = "its base URL holds a control character or is too long: not shown"

// clean keeps a short value a router chose: printable ASCII, at most 40
// bytes; anything else makes it "".
func clean(s string) string {
	if len(s) > 40 {
		s = s[:40]
	}
	for _, r := range s {
		if r < 0x20 || r > 0x7e {
			return ""
		}
	}
	return strings.TrimSpace(s)
}
