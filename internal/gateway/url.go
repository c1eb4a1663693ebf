package gateway

import (
	"fmt"
	"net"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// Note is something normalisation noticed and repaired in a pasted URL. Code
// is a catalog code (url-double-version, url-has-endpoint, ...).
type Note struct {
	Code    catalog.Code
	Message string
}

// Parsed is a pasted URL understood as a gateway root.
type Parsed struct {
	Input      string // as given
	Root       string // scheme://host[:port][/prefix], no /v1, no endpoint, no trailing slash
	HadVersion bool   // the input ended in /v1 (after any endpoint)
	Versions   int    // how many trailing /v1 segments the input had
	Endpoint   string // an endpoint path found inside the input, e.g. /chat/completions
	Query      string // a query string found in the input (dropped from Root)
	Notes      []Note
}

// endpoints are request paths users paste by mistake as part of a base URL.
// Longest first so /chat/completions wins over /completions.
var endpoints = []string{"/chat/completions", "/completions", "/messages", "/responses", "/models", "/embeddings"}

// InvalidURLError is returned for input that cannot be a gateway URL. Its
// message shows Input with any credentials hidden (RedactURL).
type InvalidURLError struct {
	Input  string
	Reason string
}

func (e *InvalidURLError) Error() string {
	return fmt.Sprintf("invalid base URL %q: %s", redact.RedactURL(e.Input), e.Reason) // a bare u:key@host is a URL only on its own
}

// Normalize turns what users paste (gateway root, root + /v1, a full
// endpoint, trailing slashes, quotes, no scheme) into the gateway root.
func Normalize(raw string) (Parsed, error) {
	p := Parsed{Input: raw}
	s := strings.TrimSpace(raw)
	s = strings.Trim(s, `"'`+"`")
	s = strings.TrimSpace(s)
	if s == "" {
		return p, &InvalidURLError{raw, "it is empty"}
	}
	if strings.ContainsAny(s, " \t\r\n") {
		return p, &InvalidURLError{raw, "it contains white space"}
	}
	if strings.ContainsAny(s, `"'`+"`<>\\{}|^") {
		return p, &InvalidURLError{raw, "it contains a quote, bracket or backslash inside"}
	}
	if !strings.Contains(s, "://") {
		scheme := "https://"
		host := s
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		if isLoopbackHost(hostOnly(host)) {
			scheme = "http://"
		}
		s = scheme + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return p, &InvalidURLError{raw, "it does not parse as a URL"}
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return p, &InvalidURLError{raw, "the scheme must be http or https, not " + u.Scheme}
	}
	if u.Host == "" || u.Hostname() == "" {
		return p, &InvalidURLError{raw, "it has no host"}
	}
	if !validHost(u.Hostname()) {
		return p, &InvalidURLError{raw, "the host " + strconvQuote(u.Hostname()) + " has characters no host name has"}
	}
	if u.User != nil {
		return p, &InvalidURLError{raw, "it carries a user name or password; put the key in the key variable instead"}
	}
	if port := u.Port(); port != "" {
		if _, err := net.LookupPort("tcp", port); err != nil {
			return p, &InvalidURLError{raw, "the port " + port + " is not a number"}
		}
	}
	if u.RawQuery != "" {
		p.Query = u.RawQuery
		p.Notes = append(p.Notes, Note{catalog.URLHasQuery, "the URL has a query string (?" + u.RawQuery + "); tools append paths after it, so it was dropped"})
	}
	path := collapseSlashes(u.EscapedPath())
	path = strings.TrimRight(path, "/")
	for _, ep := range endpoints {
		if strings.HasSuffix(strings.ToLower(path), ep) {
			p.Endpoint = ep
			path = strings.TrimRight(path[:len(path)-len(ep)], "/")
			p.Notes = append(p.Notes, Note{catalog.URLHasEndpoint, "the URL ends in the endpoint " + ep + "; a base URL stops before it"})
			break
		}
	}
	path, p.Versions = stripVersions(path)
	p.HadVersion = p.Versions > 0
	if p.Versions > 1 {
		p.Notes = append(p.Notes, Note{catalog.URLDoubleVersion, fmt.Sprintf("the URL repeats /v1 %d times", p.Versions)})
	}
	host := strings.ToLower(u.Host)
	p.Root = u.Scheme + "://" + host + path
	if u.Scheme == "http" && !isLoopbackHost(u.Hostname()) {
		p.Notes = append(p.Notes, Note{catalog.URLInsecure, "plain http to " + u.Hostname() + " sends the key unencrypted"})
	}
	return p, nil
}

// stripVersions removes the version segments that end path and counts
// them. /v1beta is the Gemini API's version: a base ending in it
// doubles it as /v1 doubles for the others.
func stripVersions(path string) (string, int) {
	versions := 0
	for {
		lower := strings.ToLower(path)
		n := 0
		switch {
		case strings.HasSuffix(lower, "/v1"):
			n = 3
		case strings.HasSuffix(lower, "/v1beta"):
			n = 7
		}
		if n == 0 {
			return path, versions
		}
		path = strings.TrimRight(path[:len(path)-n], "/")
		versions++
	}
}

// Diagnose reasons about a base URL exactly as configured for this tool:
// the tool does not normalise, so /v1 where it adds its own /v1 is a
// double version, and no /v1 where it adds none is a missing version.
func (t Tool) Diagnose(configured string) (Parsed, []Note) {
	p, err := Normalize(configured)
	if err != nil {
		return p, []Note{{catalog.URLInvalid, err.Error()}}
	}
	notes := append([]Note(nil), p.Notes...)
	if p.Endpoint != "" || p.Query != "" {
		return p, notes // the endpoint or query note says it all; /v1 counting is moot
	}
	will := t.WillRequest(configured)
	want := t.RequestURL(p.Root)
	switch {
	case t.BaseHasVersion && p.Versions == 0 && !otherVersion(p.Root):
		notes = append(notes, Note{catalog.URLMissingVersion, fmt.Sprintf("%s adds no /v1 of its own: it will request %s instead of %s", t.Title, will, want)})
	case !t.BaseHasVersion && p.Versions == 1:
		notes = append(notes, Note{catalog.URLDoubleVersion, fmt.Sprintf("%s adds %s itself: it will request %s instead of %s", t.Title, t.Protocol.Version(), will, want)})
	case t.BaseHasVersion && p.Versions > 1, !t.BaseHasVersion && p.Versions > 1:
		// already noted by Normalize; say what the tool will do
		notes = replaceNote(notes, catalog.URLDoubleVersion, fmt.Sprintf("%s will request %s instead of %s", t.Title, will, want))
	}
	return p, notes
}

// otherVersion reports whether root ends in an API version other than
// /v1 (GLM's …/api/paas/v4, a …/v2 or …/v1alpha): the vendor versions its
// OpenAI-compatible API itself, so no /v1 is missing.
func otherVersion(root string) bool {
	u, err := url.Parse(root)
	if err != nil {
		return false
	}
	v := strings.ToLower(path.Base(u.Path))
	return v != "v1" && v != "v1beta" && vendorVersion.MatchString(v)
}

var vendorVersion = regexp.MustCompile(`^v[0-9]+([a-z]+[0-9]*)?$`)

func replaceNote(notes []Note, code catalog.Code, msg string) []Note {
	for i := range notes {
		if notes[i].Code == code {
			notes[i].Message = msg
			return notes
		}
	}
	return append(notes, Note{code, msg})
}

// validHost accepts DNS names, IPv4 and IPv6 literals (without brackets).
func validHost(h string) bool {
	if net.ParseIP(h) != nil {
		return true
	}
	for _, r := range h {
		if !(r == '-' || r == '.' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') || r > 0x7f) {
			return false
		}
	}
	return h != "" && !strings.HasPrefix(h, ".") && !strings.Contains(h, "..")
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }

func collapseSlashes(p string) string {
	for strings.Contains(p, "//") {
		p = strings.ReplaceAll(p, "//", "/")
	}
	return p
}

func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.Trim(hostport, "[]")
}

// IsLoopbackURL reports whether a URL points at this machine.
func IsLoopbackURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && isLoopbackHost(u.Hostname())
}

func isLoopbackHost(h string) bool {
	h = strings.ToLower(strings.Trim(h, "[]"))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
