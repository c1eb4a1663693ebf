package checks

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// failure builds the error finding for a broken rung: what happened, in
// the tool's terms, the fix, and the evidence.
func (c *climber) failure(code string, req probe.Request, a attempt) wireFinding {
	res := a.res
	f := wireFinding{Finding: doctor.Finding{Code: code, Status: doctor.Error, Evidence: c.evidence(req, a)}}
	where := res.URL
	if where == "" {
		where = req.URL
	}
	host := hostOf(where)
	detail := errDetail(res)
	f.aboutKey = authCodes[code]
	switch code {
	case "dns-failed":
		f.Message = fmt.Sprintf("the host name %s does not resolve%s", hostname(where), detail)
		f.Fix = "check the host name in the base URL for typos; if it resolves only on a VPN, a company DNS or in /etc/hosts, connect to that network first"
	case "connect-refused":
		f.Message = fmt.Sprintf("nothing listens at %s: the connection was refused", host)
		f.Fix = fmt.Sprintf("start the gateway or local relay that should listen at %s, or correct the host and port in the base URL", host)
	case "connect-timeout":
		f.Message = fmt.Sprintf("the connection to %s timed out%s", host, detail)
		f.Fix = "a firewall drops the traffic or the host is down: check the host and port, and whether this network needs a proxy (HTTPS_PROXY)"
	case "tls-untrusted":
		issuer := "an unknown authority"
		if res.TLSIssuer != "" {
			issuer = "\"" + res.TLSIssuer + "\""
		}
		f.Message = fmt.Sprintf("the certificate of %s is issued by %s, which this machine does not trust", host, issuer)
		f.fixFor = func(m Path) string { return tlsUntrustedFix(m.Tool, issuer) }
	case "tls-failed":
		f.Message = fmt.Sprintf("the TLS handshake with %s failed%s", host, detail)
		f.Fix = "check the scheme and port of the base URL (https to a plain-http port fails this way, and so does http to an https port behind a proxy); an old TLS version or a proxy that intercepts TLS does too"
	case "timeout-headers":
		f.Message = fmt.Sprintf("%s sent no response headers within %s", where, c.opts.Timeout)
		f.Fix = "the gateway or its upstream is stalled or queueing; retry later, or raise --timeout if the model is known to start slowly"
	case "http-redirect":
		loc := ""
		if res.Header != nil {
			loc = res.Header.Get("Location")
		}
		f.Message = fmt.Sprintf("%s redirects (%d) to %s", where, res.StatusCode, orUnknown(loc))
		f.fixFor = func(m Path) string { return redirectFix(m, where, loc) }
	case "auth-invalid":
		f.Message = fmt.Sprintf("the gateway rejected the key %s (401)%s", gateway.Mask(c.route.Key), bodyHint(res))
		f.fixFor = func(m Path) string {
			return fmt.Sprintf("copy the key again from the gateway's console (it may be revoked, expired or meant for another gateway) and store it in %s; then run 'keydoctor setup' so every tool gets it", keyPlace(m))
		}
	case "auth-forbidden":
		f.Message = fmt.Sprintf("the key %s is valid but may not do this (403)%s", gateway.Mask(c.route.Key), bodyHint(res))
		f.Fix = fmt.Sprintf("in the gateway's console, allow this key to use %s and this endpoint, or check the account's balance and plan", modelOr(c.route.Model))
	case "rate-limited":
		f.Message = fmt.Sprintf("the gateway answers 429 (rate limited)%s%s", retryAfterNote(res), a.retryNote())
		f.Fix = "wait and run the doctor again; if it persists, check the key's rate and quota limits in the gateway's console, or lower the concurrency of the tools sharing this key"
	case "server-error":
		f.Message = fmt.Sprintf("the gateway failed with %d%s%s", res.StatusCode, bodyHint(res), a.retryNote())
		f.Fix = "the fault is on the gateway's side or its upstream: retry later; if it persists, send the gateway's support the evidence below"
	case "protocol-unsupported":
		f.Message = fmt.Sprintf("%s refuses the %s request the tool sends (%d)%s", where, c.route.Protocol, res.StatusCode, bodyHint(res))
		f.fixFor = func(m Path) string { return protocolFix(m) }
	case "error-in-200":
		msg := bodyHint(res)
		if res.Stream != nil && res.Stream.ErrorEvent != "" {
			msg = ": " + probe.CleanBody([]byte(res.Stream.ErrorEvent), 200)
		}
		f.Message = "the gateway answered 200 but the answer is an error" + msg
		f.Fix = "the gateway wraps an upstream failure in a success status; tools show an empty or confusing answer: read the error above, and report it to the gateway"
	case "stream-not-sse":
		f.Message = fmt.Sprintf("a stream was asked for and %s came instead of text/event-stream", orUnknown(res.ContentType))
		f.Fix = "the gateway ignores \"stream\": true or something between rewrites the answer; every tool configured here streams, so it will fail: ask the gateway to support streaming on this endpoint"
	case "stream-unterminated":
		f.Message = fmt.Sprintf("the stream ended without its terminator (%s) after %d events", c.route.Protocol.Terminator(), streamEvents(res))
		f.Fix = "the connection was cut or the gateway does not finish streams properly; Codex reports \"stream closed before response.completed\" and others retry or hang: report it to the gateway, or check a proxy's read timeout"
	case "timeout-stream":
		f.Message = fmt.Sprintf("the stream stalled: %s, then nothing until the %s deadline", human.Count(streamDeltas(res), "delta", "deltas"), c.opts.Timeout)
		if res.Stream == nil {
			f.Message = fmt.Sprintf("the answer stalled after its headers (%d): nothing more until the %s deadline", res.StatusCode, c.opts.Timeout)
		}
		f.Fix = "the upstream stopped mid-answer or a proxy holds the connection open; retry, and raise --timeout only if the model is known to pause"
	case "endpoint-not-found":
		f.Message = fmt.Sprintf("%s answers %d: no such path%s", where, res.StatusCode, bodyHint(res))
		f.Fix = "copy the API base URL from the gateway's documentation; 'keydoctor setup --base-where URL' writes it into every tool in the form each needs"
	case "http-html":
		f.Message = fmt.Sprintf("%s answers with a web page (%s), not the API", where, orUnknown(res.ContentType))
		f.Fix = "the base URL points at the gateway's website: copy the API base URL from the gateway's documentation"
	default:
		f.Message = fmt.Sprintf("%s %s answered %d%s%s", res.Method, where, res.StatusCode, bodyHint(res), errDetail(res))
		f.Fix = "see 'keydoctor explain " + code + "'"
		if e, ok := catalogFix(code); ok {
			f.Fix = e
		}
	}
	return f
}

// tlsUntrustedFix names the trust setting each kind of client reads: Node
// programs (Claude Code, Cline) add NODE_EXTRA_CA_CERTS to their bundled
// roots; keydoctor, Codex and most SDKs honour SSL_CERT_FILE.
func tlsUntrustedFix(tool gateway.ToolID, issuer string) string {
	base := fmt.Sprintf("if %s is your company's TLS-inspecting proxy or a private CA, save its certificate as PEM and give it to keydoctor with --ca-file FILE or SSL_CERT_FILE=FILE", issuer)
	switch tool {
	case gateway.Claude, gateway.Cline, gateway.VSCode:
		return base + "; Claude Code and Cline are Node programs: export NODE_EXTRA_CA_CERTS=FILE before starting them"
	case gateway.Codex:
		return base + "; for Codex export SSL_CERT_FILE=FILE before starting it"
	case gateway.OpenAISDK, gateway.AnthropicSDK, gateway.DotEnv:
		return base + "; Python SDKs read SSL_CERT_FILE, Node SDKs NODE_EXTRA_CA_CERTS: export the one your program needs"
	}
	return base
}

// redirectFix points the tool at where the redirect goes, in its own form.
func redirectFix(m Path, from, loc string) string {
	if loc == "" {
		return "set the base URL to the address the gateway's documentation gives; tools do not follow redirects of POST requests"
	}
	target, err := url.Parse(from)
	if err == nil {
		if l, err := target.Parse(loc); err == nil {
			loc = l.String()
		}
	}
	b, ok := baseFor(m, loc)
	if r, isList := strings.CutSuffix(strings.SplitN(loc, "?", 2)[0], "/v1/models"); !ok && isList {
		b, ok = m.tool().Base(r), true
	}
	if ok {
		return fmt.Sprintf("set the base URL to %s%s: tools do not follow redirects of POST requests (a redirect to https or to a host with or without www is common)", b, placeNote(m))
	}
	return fmt.Sprintf("the redirect leads to %s, a page rather than the API: the base URL is probably the website's; copy the API base URL from the gateway's documentation", loc)
}

func protocolFix(m Path) string {
	switch m.Tool {
	case gateway.Claude, gateway.AnthropicSDK:
		return "Claude Code needs an Anthropic-compatible /v1/messages endpoint: use the gateway's Anthropic base URL if it has one, or put a translating relay (e.g. claude-code-router) in front"
	case gateway.Codex:
		return "Codex needs the Responses API (/v1/responses); wire_api = \"chat\" is no longer accepted: use the gateway's Responses-capable base URL, or a relay that translates"
	}
	return "the gateway does not accept OpenAI chat completions here: check its documentation for the OpenAI-compatible base URL"
}

func catalogFix(code string) (string, bool) {
	e, ok := catalog.Lookup(code)
	return e.Fix, ok && e.Fix != ""
}
