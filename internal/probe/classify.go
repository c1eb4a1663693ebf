package probe

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// CodeHTTPError is the code of an HTTP error no catalog code describes
// (a 400 about something other than the model, a 408, a 418): Err carries
// the status and the gateway's message.
const CodeHTTPError = "http-error"

// classifyTransport names a failure before any response arrived.
func classifyTransport(res *Result, err error, tr *tracer, ctx context.Context) {
	gotConn, tlsStarted, tlsDone := tr.state()
	host := ""
	if u, perr := url.Parse(res.URL); perr == nil {
		host = u.Host
	}
	via := ""
	if res.Proxy != "" {
		via = " (through the proxy " + res.Proxy + ")"
	}
	var (
		dnsErr   *net.DNSError
		unknown  x509.UnknownAuthorityError
		hostErr  x509.HostnameError
		invalid  x509.CertificateInvalidError
		recErr   tls.RecordHeaderError
		alertErr tls.AlertError
		certErr  *tls.CertificateVerificationError
	)
	msg := err.Error()
	switch {
	case errors.As(err, &dnsErr):
		res.Code, res.Err = "dns-failed", errorf("cannot resolve %s%s: %s", dnsErr.Name, via, dnsErr.Err)
	case strings.Contains(msg, "no suitable address"): // the name resolved to no address at all
		res.Code, res.Err = "dns-failed", errorf("%s resolves to no address%s", host, via)
	case errors.As(err, &unknown):
		if unknown.Cert != nil {
			res.TLSIssuer = issuerName(unknown.Cert)
		}
		res.Code, res.Err = "tls-untrusted", errorf("the certificate of %s is signed by an unknown authority (%s)", host, res.TLSIssuer)
	case errors.As(err, &hostErr):
		res.Code, res.Err = "tls-untrusted", errorf("the certificate is not valid for %s", host)
		if hostErr.Certificate != nil {
			res.TLSIssuer = issuerName(hostErr.Certificate)
		}
	case errors.As(err, &invalid):
		res.Code, res.Err = "tls-untrusted", errorf("the certificate of %s is not valid: %s", host, invalid.Error())
		if invalid.Cert != nil {
			res.TLSIssuer = issuerName(invalid.Cert)
		}
	case errors.As(err, &certErr):
		res.Code, res.Err = "tls-untrusted", errorf("the certificate of %s is not trusted: %v", host, certErr.Err)
		if len(certErr.UnverifiedCertificates) > 0 {
			res.TLSIssuer = issuerName(certErr.UnverifiedCertificates[0])
		}
	case errors.As(err, &recErr) || strings.Contains(msg, "server gave HTTP response to HTTPS client"):
		res.Code, res.Err = "tls-failed", errorf("%s does not speak TLS on this port (is the URL http://, not https://?)", host)
	case errors.As(err, &alertErr) || (tlsStarted && !tlsDone) || strings.Contains(msg, "TLS handshake"):
		res.Code, res.Err = "tls-failed", errorf("the TLS handshake with %s failed%s: %s", host, via, lastPart(msg))
	case errors.Is(err, syscall.ECONNREFUSED):
		res.Code, res.Err = "connect-refused", errorf("nothing listens at %s%s (connection refused)", host, via)
	case strings.Contains(msg, "timeout awaiting response headers"):
		res.Code, res.Err = "timeout-headers", errorf("no response headers from %s before the header timeout", host)
	case isTimeout(err) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		if !gotConn {
			res.Code, res.Err = "connect-timeout", errorf("connecting to %s%s timed out", host, via)
		} else {
			res.Code, res.Err = "timeout-headers", errorf("no response headers from %s before the deadline", host)
		}
	case errors.Is(err, context.Canceled):
		res.Code, res.Err = CodeHTTPError, errors.New("the request was canceled")
	case errors.Is(err, syscall.ENETUNREACH) || errors.Is(err, syscall.EHOSTUNREACH):
		res.Code, res.Err = "connect-refused", errorf("%s is unreachable%s: %s", host, via, lastPart(msg))
	case !gotConn:
		res.Code, res.Err = "connect-refused", errorf("cannot connect to %s%s: %s", host, via, lastPart(msg))
	default:
		res.Code, res.Err = "server-error", errorf("%s closed the connection without answering: %s", host, lastPart(msg))
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func issuerName(c *x509.Certificate) string {
	if c.Issuer.CommonName != "" {
		return c.Issuer.CommonName
	}
	return c.Issuer.String()
}

// lastPart is the innermost message of a wrapped network error.
func lastPart(msg string) string {
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		return msg[i+2:]
	}
	return msg
}

// classifyBodyError names a failure while the body was being read.
func classifyBodyError(res *Result, err error, ctx context.Context) {
	events := 0
	if res.Stream != nil {
		events = res.Stream.Events
	}
	switch {
	case errors.Is(err, ErrLineTooLong):
		res.Code, res.Err = "stream-not-sse", errors.New("the stream has a line longer than 1 MiB: not an event stream")
	case isTimeout(err) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		res.Code, res.Err = "timeout-stream", errorf("the answer stalled after %d events and hit the deadline", events)
	case res.Stream != nil:
		res.Code, res.Err = "stream-unterminated", errorf("the stream broke off after %d events: %s", events, lastPart(err.Error()))
	default:
		res.Code, res.Err = "server-error", errorf("the answer broke off: %s", lastPart(err.Error()))
	}
}

// classifyStatus names a non-2xx status.
func classifyStatus(res *Result, req Request) {
	st := res.StatusCode
	if st >= 200 && st < 300 {
		return
	}
	detail := gatewayMessage(res)
	status := statusText(st)
	if detail != "" {
		status += ": " + detail
	}
	switch {
	case st >= 300 && st < 400:
		loc := res.Header.Get("Location")
		res.Code, res.Err = "http-redirect", errorf("the gateway redirects (%d) to %s; keydoctor and the tools do not follow it", st, orNone(loc))
		return
	case st == 401, st == 400 && GoogleKeyRejected(res.Body):
		res.Code = "auth-invalid"
	case st == 429:
		res.Code = "rate-limited"
		res.RetryAfter = retryAfter(res.Header, time.Now())
		if res.RetryAfter > 0 {
			status += fmt.Sprintf(" (retry after %s)", res.RetryAfter)
		}
	case st == 403:
		res.Code = "auth-forbidden"
	case modelError(res.Body, req.Model, st):
		res.Code = "model-not-found"
	case st == 404 || st == 405:
		res.Code = "endpoint-not-found"
		status = fmt.Sprintf("%s for %s", status, pathOf(res.URL))
	case st >= 500:
		res.Code = "server-error"
	default:
		res.Code = CodeHTTPError
	}
	res.Err = errors.New(status)
}

func orNone(s string) string {
	if s == "" {
		return "nowhere (no Location header)"
	}
	return s
}

func pathOf(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Path
	}
	return raw
}

func statusText(code int) string {
	t := strings.ToLower(http.StatusText(code))
	if t == "" {
		return strconv.Itoa(code)
	}
	return strconv.Itoa(code) + " " + t
}

// retryAfter reads Retry-After (seconds or an HTTP date) and the
// millisecond variant some gateways send.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now).Round(time.Second)
	}
	return 0
}
