package wire

import (
	"net/url"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// maxAlternatives bounds how many other base URLs a 404 makes us try: each
// one is a request, and the doctor must stay cheap.
const maxAlternatives = 8

// commonPrefixes are path prefixes gateways put their API under, tried
// when the configured base has none or the wrong one.
var commonPrefixes = map[gateway.Protocol][]string{
	gateway.Chat:      {"/api", "/openai"},
	gateway.Responses: {"/api", "/openai"},
	gateway.Messages:  {"/api", "/anthropic"},
}

// AlternativeBases lists the base URLs worth trying when the tool's
// configured base answers 404, written as the tool wants them and most
// likely first: the same gateway root in the tool's form (with or without
// /v1), then shorter prefixes (an extra segment such as /api), then common
// prefixes added (a missing /api), then the same roots without the /v1 a
// tool would add. A candidate that makes the tool request the URL it
// already requests is left out.
func AlternativeBases(tool gateway.ToolID, protocol gateway.Protocol, base string) []string {
	p, err := gateway.Normalize(base)
	if err != nil {
		return nil
	}
	t := Path{Tool: tool, Protocol: protocol}.tool()
	roots := candidateRoots(p.Root, t.Protocol)

	seen := map[string]bool{t.WillRequest(base): true}
	var out []string
	add := func(b string) {
		if len(out) >= maxAlternatives {
			return
		}
		if _, err := gateway.Normalize(b); err != nil {
			return // never offer a URL the user could not paste back
		}
		if u := t.WillRequest(b); !seen[u] {
			seen[u] = true
			out = append(out, b)
		}
	}
	for _, r := range roots {
		add(t.Base(r))
	}
	// Some gateways serve the endpoints without the version segment; a tool
	// that appends only the endpoint reaches them with the bare root.
	if t.BaseHasVersion {
		for _, r := range roots {
			add(r)
		}
	}
	return out
}

// candidateRoots are gateway roots near root: itself, its parents (nearest
// first), and common prefixes added to it and to the host.
func candidateRoots(root string, proto gateway.Protocol) []string {
	u, err := url.Parse(root)
	if err != nil {
		return []string{root}
	}
	host := u.Scheme + "://" + u.Host
	// Split the escaped path: the decoded one may hold a byte (%00) that
	// makes a parent URL unparseable.
	segs := strings.FieldsFunc(u.EscapedPath(), func(r rune) bool { return r == '/' })
	out := []string{root}
	for i := len(segs) - 1; i >= 0; i-- {
		out = append(out, host+joinSegs(segs[:i]))
	}
	for _, pre := range commonPrefixes[proto] {
		if !strings.HasSuffix(root, pre) {
			out = append(out, root+pre)
		}
		if len(segs) > 0 && "/"+segs[0] != pre {
			out = append(out, host+pre)
		}
	}
	return uniq(out)
}

func joinSegs(segs []string) string {
	if len(segs) == 0 {
		return ""
	}
	return "/" + strings.Join(segs, "/")
}

func uniq(ss []string) []string {
	seen := map[string]bool{}
	out := ss[:0:0]
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
