package h1stream

import (
	"errors"
	"net/http"
	"slices"
	"strconv"

	"golang.org/x/net/http/httpguts"
)

// writeRequestCheck refuses what would break the request's framing. The
// errors name the header, never its value (the key is one).
func writeRequestCheck(req *http.Request) error {
	if !validMethod(req.Method) {
		return errors.New("h1stream: invalid method")
	}
	for k, vs := range req.Header {
		if !httpguts.ValidHeaderFieldName(k) {
			return errors.New("h1stream: invalid header field name")
		}
		for _, v := range vs {
			if !httpguts.ValidHeaderFieldValue(v) {
				return errors.New("h1stream: invalid header field value for " + k)
			}
		}
	}
	if h := req.Host; h != "" && !httpguts.ValidHostHeader(h) {
		return errors.New("h1stream: invalid Host header")
	}
	return nil
}

func validMethod(m string) bool {
	if m == "" {
		return true // GET
	}
	for i := 0; i < len(m); i++ {
		if !httpguts.IsTokenRune(rune(m[i])) {
			return false
		}
	}
	return true
}

// appendRequest is the request as net/http writes it: request line,
// Host, User-Agent, Content-Length, the other headers sorted, then the
// body.
func appendRequest(b []byte, req *http.Request, body []byte) []byte {
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	b = append(b, method...)
	b = append(b, ' ')
	b = append(b, req.URL.RequestURI()...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, host...)
	b = append(b, "\r\n"...)
	// As net/http: the default agent when none is set, none when it is
	// set empty (a reverse proxy's way to send no agent at all).
	if ua, ok := req.Header["User-Agent"]; !ok {
		b = append(b, "User-Agent: Go-http-client/1.1\r\n"...)
	} else if len(ua) > 0 && ua[0] != "" {
		b = append(append(append(b, "User-Agent: "...), ua[0]...), "\r\n"...)
	}
	if len(body) > 0 || method == http.MethodPost || method == http.MethodPut || method == http.MethodPatch {
		b = append(b, "Content-Length: "...)
		b = strconv.AppendInt(b, int64(len(body)), 10)
		b = append(b, "\r\n"...)
	}
	if req.Close {
		b = append(b, "Connection: close\r\n"...)
	}
	var keys [32]string
	names := keys[:0]
	for k := range req.Header {
		switch k {
		case "Host", "Content-Length", "Transfer-Encoding", "User-Agent":
			continue // framing is ours; the agent is written above
		}
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		for _, v := range req.Header[k] {
			b = append(b, k...)
			b = append(b, ": "...)
			b = append(b, v...)
			b = append(b, "\r\n"...)
		}
	}
	b = append(b, "\r\n"...)
	return append(b, body...)
}
