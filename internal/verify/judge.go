package verify

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Verdict is one thing verify judged.
type Verdict struct {
	What    string       // "requests", "path", "status", "main model", ...
	Status  Severity     // OK, Info, Warning or Error
	Code    catalog.Code // catalog code when not OK ("" when none fits)
	Message string
}

// ModelRequests are the generation requests among recs: POSTs to a
// generation path (not HEAD probes, model lists, token counts, or a
// WebSocket attempt).
func ModelRequests(recs []relay.Record) []relay.Record {
	var out []relay.Record
	for _, r := range recs {
		if r.Method == "POST" && relay.ProtocolOf(pathOnly(r.Path)) != "" {
			out = append(out, r)
		}
	}
	return out
}

// socketAttempts are GETs to a generation path: a Responses client may
// try the Responses WebSocket before it falls back to HTTPS.
func socketAttempts(recs []relay.Record) []relay.Record {
	var out []relay.Record
	for _, r := range recs {
		if r.Method == "GET" && relay.ProtocolOf(pathOnly(r.Path)) != "" {
			out = append(out, r)
		}
	}
	return out
}

// Judge compares what the tool sent with what its files say: the paths,
// the answers, the models asked for and answering, the auth header and the
// key, in that order.
func Judge(c Configured, t Target, recs []relay.Record) []Verdict {
	desc, _ := tool.Lookup(string(c.Tool))
	reqs := ModelRequests(recs)
	j := &judgement{c: c, tool: desc, reqs: reqs}
	if !j.route(recs) {
		if len(reqs) == 0 && !c.Bypassed() {
			j.add("requests", Error, "", "%s sent no model request through the relay (%d other %s): it did not take its base URL from where keydoctor pointed it", desc.Title, len(recs), human.Plural(len(recs), "request", "requests"))
		}
		return j.out
	}
	badPath := j.paths(t)
	j.webSocket(recs)
	failed := j.answers(badPath)
	j.models()
	j.served(failed)
	j.auth()
	j.key()
	return j.out
}

// judgement collects the verdicts of one turn.
type judgement struct {
	c    Configured
	tool tool.Tool
	reqs []relay.Record
	out  []Verdict
}

func (j *judgement) add(what string, st Severity, code catalog.Code, format string, args ...any) {
	j.out = append(j.out, Verdict{what, st, code, fmt.Sprintf(format, args...)})
}

// paths: every request went to the path the configured base URL implies.
func (j *judgement) paths(t Target) (bad bool) {
	for _, p := range distinct(j.reqs, func(r relay.Record) string { return pathOnly(r.Path) }) {
		if t.WantPath != "" && !pathMatches(p, t.WantPath) {
			bad = true
			j.add("path", Error, pathCode(p, t.WantPath), "%s requested %s; the gateway serves %s (base URL from %s)", j.tool.Title, p, t.WantPath, j.c.BaseSource)
		}
	}
	if !bad {
		j.add("path", OK, "", "%s, as the base URL in %s implies", strings.Join(distinct(j.reqs, func(r relay.Record) string { return r.Method + " " + pathOnly(r.Path) }), ", "), j.c.BaseSource)
	}
	return bad
}

// webSocket notes WebSocket attempts made before HTTPS.
func (j *judgement) webSocket(recs []relay.Record) {
	ws := socketAttempts(recs)
	if len(ws) == 0 || ws[0].Status == 101 {
		return
	}
	lost := ""
	if j.reqs[0].Time.After(ws[0].Time) {
		lost = fmt.Sprintf(", which cost %s before the first answer", j.reqs[0].Time.Sub(ws[0].Time).Round(100*time.Millisecond))
	}
	j.add("websocket", Info, "", "%s tried the Responses WebSocket %d %s (the gateway answered %d) before it fell back to HTTPS%s",
		j.tool.Title, len(ws), human.Plural(len(ws), "time", "times"), ws[0].Status, lost)
}

// answers: one verdict per kind of failure, with its count. It returns
// how many requests failed.
func (j *judgement) answers(badPath bool) int {
	type failure struct {
		method, path, model string
		status              int
		err                 string
	}
	failed := 0
	counts := map[failure]int{}
	var order []failure
	for _, r := range j.reqs {
		if r.Failed {
			failed++
			f := failure{r.Method, pathOnly(r.Path), orDash(r.Model), r.Status, r.Error}
			if counts[f] == 0 {
				order = append(order, f)
			}
			counts[f]++
		}
	}
	for _, f := range order {
		times := ""
		if n := counts[f]; n > 1 {
			times = fmt.Sprintf(" (%d times)", n)
		}
		j.add("status", Error, statusCode(f.status, badPath, f.err), "%s %s for %s: %d %s%s", f.method, f.path, f.model, f.status, f.err, times)
	}
	if failed == 0 {
		j.add("status", OK, "", "%d %s answered without error", len(j.reqs), human.Plural(len(j.reqs), "request", "requests"))
	}
	return failed
}

// auth: the header the key went in is the one the files imply.
func (j *judgement) auth() {
	c := j.c
	kinds := distinct(j.reqs, func(r relay.Record) string { return r.Auth })
	switch {
	case c.Auth == "":
		j.add("auth", Warning, catalog.EnvMissing, "no file holds a key; %s sent %s", j.tool.Title, strings.Join(kinds, ", "))
	case len(kinds) == 1 && kinds[0] == string(c.Auth):
		j.add("auth", OK, "", "%s, as %s implies", c.Auth, c.KeySource)
	default:
		j.add("auth", Error, catalog.AuthConflict, "%s sent %s; %s implies %s", j.tool.Title, strings.Join(kinds, ", "), c.KeySource, c.Auth)
	}
}

// key: the key sent is the one the files hold (compared by sum, shown
// masked).
func (j *judgement) key() {
	c := j.c
	if c.Key == "" {
		return
	}
	want := relay.KeySum(c.Key)
	var other []string
	none := 0
	for _, r := range j.reqs {
		switch {
		case r.Auth == "none":
			none++
		case r.KeySum != want:
			other = append(other, r.KeyMasked)
		}
	}
	switch {
	case none > 0:
		j.add("key", Error, catalog.EnvMissing, "%s sent no key in %d %s, though %s holds one", j.tool.Title, none, human.Plural(none, "request", "requests"), c.KeySource)
	case len(other) == 0:
		j.add("key", OK, "", "the key sent is the one in %s (%s)", c.KeySource, c.ShownKey())
	default:
		j.add("key", Error, catalog.ValueOverridden, "%s sent %s, not the key in %s (%s): another setting overrides it", j.tool.Title, strings.Join(uniq(other), ", "), c.KeySource, c.ShownKey())
	}
}

func pathOnly(p string) string {
	p, _, _ = strings.Cut(p, "?")
	return p
}

func pathCode(got, want string) catalog.Code {
	switch g, w := versions(got), versions(want); {
	case g > w:
		return catalog.URLDoubleVersion
	case g < w:
		return catalog.URLMissingVersion
	}
	return catalog.EndpointNotFound
}

// versions counts the v1 segments of a path.
func versions(path string) int {
	n := 0
	for _, seg := range strings.Split(path, "/") {
		if seg == "v1" {
			n++
		}
	}
	return n
}

// statusCode names a failed request's status through the catalog's one
// classifier. The relay keeps no bodies, so the status decides, with two
// facts only verify has: when the tool requested the path it should, a 404
// is about the model; a 502 the relay itself answered means it could not
// reach the gateway.
func statusCode(status int, badPath bool, relayErr string) catalog.Code {
	if status == http.StatusBadGateway && relayErr != "" && relayErr != http.StatusText(status) {
		return catalog.ConnectRefused
	}
	if status == http.StatusOK {
		return catalog.ErrorIn200 // the relay saw an error inside the answer
	}
	return catalog.Classify(catalog.Answer{Status: status, RouteKnown: !badPath}).Code
}

// distinct lists the distinct non-empty values of f over recs, sorted.
func distinct(recs []relay.Record, f func(relay.Record) string) []string {
	var out []string
	for _, r := range recs {
		if v := f(r); v != "" {
			out = append(out, v)
		}
	}
	return uniq(out)
}

func uniq(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// modelSlot stands for the model in a wanted path (the Gemini API names
// the model in the path).
const modelSlot = "{model}"

// pathMatches reports whether a request path is the wanted one: modelSlot
// matches one path segment, and a Gemini call for the whole answer
// (:generateContent) is as right as the streaming one.
func pathMatches(p, want string) bool {
	pre, post, ok := strings.Cut(want, modelSlot)
	if !ok {
		return p == want
	}
	rest, ok := strings.CutPrefix(p, pre)
	if !ok {
		return false
	}
	for _, suffix := range []string{post, strings.Replace(post, gateway.GeminiStream, gateway.GeminiGenerate, 1)} {
		if model, ok := strings.CutSuffix(rest, suffix); ok && model != "" && !strings.Contains(model, "/") {
			return true
		}
	}
	return false
}
