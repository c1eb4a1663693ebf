package wire

import (
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// failure builds the error finding for a broken rung: what happened, in
// the tool's terms, and the evidence. The fix is the catalog's text for
// the code, its slots filled for each tool on the route (fixSlots).
func (c *climber) failure(code catalog.Code, req probe.Request, a attempt) wireFinding {
	where := a.res.URL
	if where == "" {
		where = req.URL
	}
	was := code
	code = c.hop(code, a.res)
	f := wireFinding{Finding: doctor.Finding{Code: code, Status: doctor.Error, Evidence: c.evidence(req, a)}}
	f.aboutKey = catalog.Of(code).Rung == catalog.RungAuth
	f.aboutModel = catalog.Of(code).Rung == catalog.RungModels
	// every retry shows, whatever the last answer was
	f.Message = c.what(code, req, a, where) + a.retryNote()
	if msg, ok := c.hopWhat(code, was, a.res); ok {
		f.Message = msg + a.retryNote()
	}
	f.slots = c.fixSlots(code, a.res, where)
	if _, ok := viaDeadProxy(code, a.res, ""); ok && a.res.ProxyVar != "" {
		f.Source = "$" + a.res.ProxyVar // the finding is about the proxy, not the base URL
	}
	return f
}

// what says what happened, in the words of the rung that saw it.
func (c *climber) what(code catalog.Code, req probe.Request, a attempt, where string) string {
	res := a.res
	host, detail := hostOf(where), errDetail(res)
	if msg, ok := viaDeadProxy(code, res, host); ok {
		return msg
	}
	switch code {
	case catalog.DNSFailed:
		return fmt.Sprintf("the host name %s does not resolve%s", hostname(where), detail)
	case catalog.ConnectRefused:
		return fmt.Sprintf("nothing listens at %s: the connection was refused", host)
	case catalog.ConnectTimeout:
		return fmt.Sprintf("the connection to %s timed out%s", host, detail)
	case catalog.TLSUntrusted:
		return fmt.Sprintf("the certificate of %s is issued by %s, which this machine does not trust", host, issuerOf(res))
	case catalog.TLSFailed:
		return fmt.Sprintf("the TLS handshake with %s failed%s", host, detail)
	case catalog.TimeoutHeaders:
		return fmt.Sprintf("%s sent no response headers within %s", where, deadlineOf(a, c.opts.Timeout))
	case catalog.HTTPRedirect:
		return fmt.Sprintf("%s redirects (%d) to %s", where, res.StatusCode, orUnknown(location(res)))
	case catalog.AuthInvalid:
		return fmt.Sprintf("the gateway rejected the key %s (401)%s", doctor.ShowKey(c.route.Key), bodyHint(res))
	case catalog.AuthForbidden:
		return fmt.Sprintf("the key %s is valid but may not do this (403)%s", doctor.ShowKey(c.route.Key), bodyHint(res))
	case catalog.RateLimited:
		return fmt.Sprintf("the gateway answers 429 (rate limited)%s%s", retryAfterNote(res), gatewaySays(res))
	case catalog.ServerError:
		return fmt.Sprintf("the gateway failed with %d%s", res.StatusCode, bodyHint(res))
	case catalog.QuotaExhausted:
		return fmt.Sprintf("the key or account has no quota or balance left (%d)%s", res.StatusCode, gatewaySays(res))
	case catalog.UpstreamOverloaded:
		return fmt.Sprintf("the model's upstream provider is overloaded (%d)%s%s", res.StatusCode, retryAfterNote(res), gatewaySays(res))
	case catalog.ModelNoChannel:
		return fmt.Sprintf("the gateway has no channel serving %s for this key's group (%d)%s", modelOr(c.route.Model), res.StatusCode, gatewaySays(res))
	case catalog.CDNPage, catalog.AnswerEmpty, catalog.EncodingUnasked:
		return fmt.Sprintf("%s %s: %s", res.Method, where, errText(res))
	case catalog.HTTPError:
		return fmt.Sprintf("%s refuses the request the tool sends%s", where, errDetail(res))
	case catalog.ProtocolUnsupported:
		return fmt.Sprintf("%s refuses the %s request the tool sends (%d)%s", where, c.route.Protocol, res.StatusCode, bodyHint(res))
	case catalog.ErrorIn200:
		msg := bodyHint(res)
		if res.Stream != nil && res.Stream.ErrorEvent != "" {
			msg = ": " + catalog.Clean([]byte(res.Stream.ErrorEvent), 200)
		}
		return "the gateway answered 200 but the answer is an error" + msg
	case catalog.StreamNotSSE:
		return fmt.Sprintf("a stream was asked for and %s came instead of text/event-stream", orUnknown(res.ContentType))
	case catalog.StreamUnterminated:
		return fmt.Sprintf("the stream ended without its terminator (%s) after %d events", c.route.Protocol.Terminator(), streamEvents(res))
	case catalog.TimeoutStream:
		limit := deadlineOf(a, c.opts.Timeout)
		switch {
		case res.Stream == nil:
			return fmt.Sprintf("the answer stalled after its headers (%d): nothing more until the %s deadline", res.StatusCode, limit)
		case len(res.Stream.Deltas) == 0:
			return fmt.Sprintf("headers came after %s, then no first token within the %s deadline", human.Duration(res.Timings.FirstByte), limit)
		}
		return fmt.Sprintf("the stream stalled: %s, then nothing until the %s deadline", human.Count(streamDeltas(res), "delta", "deltas"), limit)
	case catalog.EndpointNotFound:
		return fmt.Sprintf("%s answers %d: no such path%s", where, res.StatusCode, bodyHint(res))
	case catalog.HTTPHTML:
		return fmt.Sprintf("%s answers with a web page (%s), not the API", where, orUnknown(res.ContentType))
	}
	return fmt.Sprintf("%s %s answered %d%s%s", res.Method, where, res.StatusCode, bodyHint(res), detail)
}

// fixSlots fills the fix's slots for each tool on the route: the route's
// own facts (host, model, the wait the gateway asked for), then what
// differs per tool (its name, where its base URL or key is set, the
// variable it reads a CA bundle from, the endpoint its protocol needs).
func (c *climber) fixSlots(code catalog.Code, res *probe.Result, where string) func(Path) catalog.Slots {
	route := catalog.Slots{Host: hostOf(where), Model: c.route.Model}
	if res.RetryAfter > 0 {
		route.Wait = res.RetryAfter.String()
	}
	return func(m Path) catalog.Slots {
		s := toolSlots(m, route)
		switch code {
		case catalog.TLSUntrusted:
			s.Value = issuerOf(res)
			s.Tool, s.Key = caVariable(m)
		case catalog.HTTPRedirect:
			redirectSlots(&s, m, where, location(res))
		case catalog.AuthInvalid, catalog.RouterClientKey:
			s.Key, s.File = keyPlace(m), m.KeySource
		case catalog.ModelNotFound, catalog.ModelNoChannel: // where the model is set, not the base URL
			s.Key, s.File = modelKey(m), m.ModelSource
		case catalog.HeaderMissing: // where the tool's extra headers are set
			s.Key, s.File = m.HeadersKey, m.HeadersSource
		case catalog.ProtocolUnsupported:
			s.Value = protocolNeed(m)
		}
		if _, ok := viaDeadProxy(code, res, ""); ok {
			proxySlots(&s, res)
		}
		c.hopSlots(code, &s)
		return s
	}
}

// toolSlots are the slots every fix may name for tool m.
func toolSlots(m Path, s catalog.Slots) catalog.Slots {
	s.Tool = m.tool().Title
	s.File = m.BaseSource
	if s.Model == "" {
		s.Model = m.Model
	}
	return s
}

func issuerOf(res *probe.Result) string {
	if res.TLSIssuer != "" {
		return "\"" + res.TLSIssuer + "\""
	}
	return "an unknown authority"
}

func location(res *probe.Result) string {
	if res.Header == nil {
		return ""
	}
	return res.Header.Get("Location")
}
