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

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/h1stream"
)

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
		res.Code, res.Err = catalog.DNSFailed, errorf("cannot resolve %s%s: %s", dnsErr.Name, via, dnsErr.Err)
	case strings.Contains(msg, "no suitable address"): // the name resolved to no address at all
		res.Code, res.Err = catalog.DNSFailed, errorf("%s resolves to no address%s", host, via)
	case errors.As(err, &unknown):
		if unknown.Cert != nil {
			res.TLSIssuer = issuerName(unknown.Cert)
		}
		res.Code, res.Err = catalog.TLSUntrusted, errorf("the certificate of %s is signed by an unknown authority (%s)", host, res.TLSIssuer)
	case errors.As(err, &hostErr):
		res.Code, res.Err = catalog.TLSUntrusted, errorf("the certificate is not valid for %s", host)
		if hostErr.Certificate != nil {
			res.TLSIssuer = issuerName(hostErr.Certificate)
		}
	case errors.As(err, &invalid):
		res.Code, res.Err = catalog.TLSUntrusted, errorf("the certificate of %s is not valid: %s", host, invalid.Error())
		if invalid.Cert != nil {
			res.TLSIssuer = issuerName(invalid.Cert)
		}
	case errors.As(err, &certErr):
		res.Code, res.Err = catalog.TLSUntrusted, errorf("the certificate of %s is not trusted: %v", host, certErr.Err)
		if len(certErr.UnverifiedCertificates) > 0 {
			res.TLSIssuer = issuerName(certErr.UnverifiedCertificates[0])
		}
	case errors.As(err, &recErr) || strings.Contains(msg, "server gave HTTP response to HTTPS client"):
		res.Code, res.Err = catalog.TLSFailed, errorf("%s does not speak TLS on this port (is the URL http://, not https://?)", host)
	case errors.As(err, &alertErr) || (tlsStarted && !tlsDone) || strings.Contains(msg, "TLS handshake"):
		res.Code, res.Err = catalog.TLSFailed, errorf("the TLS handshake with %s failed%s: %s", host, via, lastPart(msg))
	case refused(err) && res.Proxy != "":
		// Through a proxy only the proxy is dialled: the refusal is its.
		res.Code, res.Err = catalog.ConnectRefused, errorf("nothing listens at the proxy %s%s (connection refused): the request never reached %s", res.Proxy, proxyVarNote(res), host)
	case refused(err):
		res.Code, res.Err = catalog.ConnectRefused, errorf("nothing listens at %s%s (connection refused)", host, via)
	case strings.Contains(msg, "timeout awaiting response headers"):
		res.Code, res.Err = catalog.TimeoutHeaders, errorf("no response headers from %s before the header timeout", host)
	case isTimeout(err) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		if !gotConn && res.Proxy != "" {
			res.Code, res.Err = catalog.ConnectTimeout, errorf("connecting to the proxy %s%s timed out: the request never reached %s", res.Proxy, proxyVarNote(res), host)
		} else if !gotConn {
			res.Code, res.Err = catalog.ConnectTimeout, errorf("connecting to %s%s timed out", host, via)
		} else {
			res.Code, res.Err = catalog.TimeoutHeaders, errorf("no response headers from %s before the deadline", host)
		}
	case errors.Is(err, context.Canceled):
		res.Code, res.Err = catalog.HTTPError, errors.New("the request was canceled")
	case unreachable(err):
		res.Code, res.Err = catalog.ConnectRefused, errorf("%s is unreachable%s: %s", host, via, lastPart(msg))
	case !gotConn:
		res.Code, res.Err = catalog.ConnectRefused, errorf("cannot connect to %s%s: %s", host, via, lastPart(msg))
	case errors.Is(err, h1stream.ErrHeadTooLarge) || errors.Is(err, h1stream.ErrLineTooLong) || strings.Contains(msg, "response headers exceeded"):
		res.Code, res.Err = catalog.ResponseTooLarge, errorf("%s%s sent a response head larger than keydoctor reads (%s, a line %s): it stopped there",
			host, via, catalog.Size(h1stream.MaxHeadBytes), catalog.Size(h1stream.MaxLineBytes))
	case strings.Contains(msg, "malformed MIME header") || strings.Contains(msg, "malformed HTTP"):
		// It did answer, with bytes HTTP does not allow (a control
		// character in a header, a line without a colon): Go refuses the
		// response. The line itself is not shown: it is the gateway's.
		res.Code, res.Err = catalog.ServerError, errorf("%s%s sent a malformed HTTP response header (a control character or a line that is not NAME: value); Go's HTTP client, like most, refuses such a response", host, via)
	default:
		res.Code, res.Err = catalog.ServerError, errorf("%s closed the connection without answering: %s", host, lastPart(msg))
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
		read := int64(0)
		if res.Stream != nil {
			read = res.Stream.Bytes
		}
		res.Code, res.Err = catalog.ResponseTooLarge, errorf("an event-stream line is longer than the %s keydoctor reads: it stopped after %d bytes", catalog.Size(maxLine), read)
	case isTimeout(err) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		res.Code, res.Err = catalog.TimeoutStream, errorf("the answer stalled after %d events and hit the deadline", events)
	case res.Stream != nil:
		res.Code, res.Err = catalog.StreamUnterminated, errorf("the stream broke off after %d events: %s", events, lastPart(err.Error()))
	default:
		res.Code, res.Err = catalog.ServerError, errorf("the answer broke off: %s", lastPart(err.Error()))
	}
}

// classifyStatus names a non-2xx answer through the catalog's classifier.
func classifyStatus(res *Result, req Request) {
	applyVerdict(res, catalog.Classify(answerOf(res, req)))
}

func answerOf(res *Result, req Request) catalog.Answer {
	return catalog.Answer{Status: res.StatusCode, Header: res.Header, Body: res.Body, Model: req.Model, Stream: req.Stream,
		Encoding: undecoded(res.Header), Truncated: res.Truncated, Cap: res.BodyCap}
}

// applyVerdict puts the classifier's verdict on the result, with the
// detail the reports print.
func applyVerdict(res *Result, v catalog.Verdict) {
	res.Code = v.Code
	if v.Code == "" {
		return
	}
	res.RetryAfter = v.Wait
	st := res.StatusCode
	switch {
	case st >= 300 && st < 400:
		res.Err = errorf("the gateway redirects (%d) to %s; keydoctor and the tools do not follow it", st, orNone(v.Message))
		return
	case st >= 200 && st < 300 && v.Code == catalog.ErrorIn200:
		res.Err = errorf("the gateway answered 200 with an error: %s", v.Message)
		return
	case st >= 200 && st < 300:
		res.Err = errors.New(v.Message)
		return
	}
	status := statusText(st)
	if v.Message != "" {
		status += ": " + v.Message
	}
	if v.Wait > 0 {
		status += fmt.Sprintf(" (retry after %s)", v.Wait)
	}
	if v.Code == catalog.EndpointNotFound {
		status = fmt.Sprintf("%s for %s", status, pathOf(res.URL))
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

// proxyVarNote names the variable that set the proxy: " ($HTTPS_PROXY)".
func proxyVarNote(res *Result) string {
	if res.ProxyVar == "" {
		return ""
	}
	return " ($" + res.ProxyVar + ")"
}
