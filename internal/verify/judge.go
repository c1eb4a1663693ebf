package verify

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/relay"
)

// Verdict is one thing verify judged.
type Verdict struct {
	What    string   // "requests", "path", "status", "main model", ...
	Status  Severity // OK, Info, Warning or Error
	Code    string   // catalog code when not OK ("" when none fits)
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

// socketAttempts are GETs to a generation path: Codex's built-in provider
// tries the Responses WebSocket before it falls back to HTTPS.
func socketAttempts(recs []relay.Record) []relay.Record {
	var out []relay.Record
	for _, r := range recs {
		if r.Method == "GET" && relay.ProtocolOf(pathOnly(r.Path)) != "" {
			out = append(out, r)
		}
	}
	return out
}

// Judge compares what the tool sent with what its files say.
func Judge(c Configured, t Target, recs []relay.Record) []Verdict {
	tool, _ := gateway.LookupTool(string(c.Tool))
	reqs := ModelRequests(recs)
	if len(reqs) == 0 {
		return []Verdict{{"requests", Error, "", fmt.Sprintf(
			"%s sent no model request through the relay (%d other %s): it did not take its base URL from where keydoctor pointed it", tool.Title, len(recs), plural(len(recs), "request", "requests"))}}
	}
	var out []Verdict
	add := func(what string, st Severity, code, format string, args ...any) {
		out = append(out, Verdict{what, st, code, fmt.Sprintf(format, args...)})
	}

	// Paths.
	badPath := false
	for _, p := range distinct(reqs, func(r relay.Record) string { return pathOnly(r.Path) }) {
		if t.WantPath != "" && p != t.WantPath {
			badPath = true
			add("path", Error, pathCode(p, t.WantPath), "%s requested %s; the gateway serves %s (base URL from %s)", tool.Title, p, t.WantPath, c.BaseSource)
		}
	}
	if !badPath {
		add("path", OK, "", "%s, as the base URL in %s implies", strings.Join(distinct(reqs, func(r relay.Record) string { return r.Method + " " + pathOnly(r.Path) }), ", "), c.BaseSource)
	}

	// WebSocket attempts before HTTPS.
	if ws := socketAttempts(recs); len(ws) > 0 && ws[0].Status != 101 {
		lost := ""
		if reqs[0].Time.After(ws[0].Time) {
			lost = fmt.Sprintf(", which cost %s before the first answer", reqs[0].Time.Sub(ws[0].Time).Round(100*time.Millisecond))
		}
		add("websocket", Info, "", "%s tried the Responses WebSocket %d %s (the gateway answered %d) before it fell back to HTTPS%s",
			tool.Title, len(ws), plural(len(ws), "time", "times"), ws[0].Status, lost)
	}

	// Answers: one verdict per kind of failure, with its count.
	failed := 0
	type failure struct {
		method, path, model string
		status              int
		err                 string
	}
	counts := map[failure]int{}
	var order []failure
	for _, r := range reqs {
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
		add("status", Error, statusCode(f.status, badPath), "%s %s for %s: %d %s%s", f.method, f.path, f.model, f.status, f.err, times)
	}
	if failed == 0 {
		add("status", OK, "", "%d %s answered without error", len(reqs), plural(len(reqs), "request", "requests"))
	}

	// Models asked for.
	asked := distinct(reqs, func(r relay.Record) string { return r.Model })
	var others []string
	if c.Model != "" {
		found := false
		for _, m := range asked {
			if relay.SameModel(c.Model, m) {
				found = true
			} else {
				others = append(others, m)
			}
		}
		if found {
			add("main model", OK, "", "%s, as %s says", c.Model, c.ModelSource)
		} else {
			add("main model", Error, "model-mismatch", "%s never asked for %s (%s); it asked for %s", tool.Title, c.Model, c.ModelSource, strings.Join(asked, ", "))
		}
	} else {
		// The turn's answer comes last; earlier calls are background ones.
		main := reqs[len(reqs)-1].Model
		add("main model", Info, "", "no file names a model: %s asked for %s, its default", tool.Title, main)
		for _, m := range asked {
			if m != main {
				others = append(others, m)
			}
		}
	}
	for _, m := range others {
		switch {
		case c.Tool != gateway.Claude:
			add("other model", Error, "model-mismatch", "%s also asked for %s, which its files do not name", tool.Title, m)
		case c.BackgroundModel != "" && relay.SameModel(c.BackgroundModel, m):
			add("background model", OK, "", "%s, as %s says", m, c.BackgroundModelSource)
		case c.BackgroundModel != "":
			add("background model", Error, "model-mismatch", "background calls asked for %s; %s says %s", m, c.BackgroundModelSource, c.BackgroundModel)
		default:
			add("background model", Warning, "model-mismatch", "background calls asked for %s, Claude Code's default, which no file names: set ANTHROPIC_DEFAULT_HAIKU_MODEL to a model the gateway serves", m)
		}
	}

	if c.Tool == gateway.Claude && c.BackgroundModel != "" {
		used := false
		for _, m := range asked {
			used = used || relay.SameModel(c.BackgroundModel, m)
		}
		if !used {
			add("background model", Info, "", "Claude Code made no background call in this turn: %s (%s) was not exercised", c.BackgroundModel, c.BackgroundModelSource)
		}
	}

	// Models answering.
	mismatched := false
	for _, r := range reqs {
		if r.ServedModel != "" && r.Model != "" && !relay.SameModel(r.Model, r.ServedModel) {
			mismatched = true
			add("served model", Error, "model-mismatch", "asked for %s, the answer names %s", r.Model, r.ServedModel)
		}
	}
	if !mismatched && failed < len(reqs) {
		add("served model", OK, "", "every answer names the model asked for")
	}

	// Auth header and key.
	kinds := distinct(reqs, func(r relay.Record) string { return r.Auth })
	switch {
	case c.Auth == "":
		add("auth", Warning, "env-missing", "no file holds a key; %s sent %s", tool.Title, strings.Join(kinds, ", "))
	case len(kinds) == 1 && kinds[0] == string(c.Auth):
		add("auth", OK, "", "%s, as %s implies", c.Auth, c.KeySource)
	default:
		add("auth", Error, "auth-conflict", "%s sent %s; %s implies %s", tool.Title, strings.Join(kinds, ", "), c.KeySource, c.Auth)
	}
	if c.Key != "" {
		want := relay.KeySum(c.Key)
		var other []string
		none := 0
		for _, r := range reqs {
			switch {
			case r.Auth == "none":
				none++
			case r.KeySum != want:
				other = append(other, r.KeyMasked)
			}
		}
		switch {
		case none > 0:
			add("key", Error, "env-missing", "%s sent no key in %d %s, though %s holds one", tool.Title, none, plural(none, "request", "requests"), c.KeySource)
		case len(other) == 0:
			add("key", OK, "", "the key sent is the one in %s (%s)", c.KeySource, gateway.Mask(c.Key))
		default:
			add("key", Error, "value-overridden", "%s sent %s, not the key in %s (%s): another setting overrides it", tool.Title, strings.Join(uniq(other), ", "), c.KeySource, gateway.Mask(c.Key))
		}
	}
	return out
}

func pathOnly(p string) string {
	p, _, _ = strings.Cut(p, "?")
	return p
}

func pathCode(got, want string) string {
	switch g, w := versions(got), versions(want); {
	case g > w:
		return "url-double-version"
	case g < w:
		return "url-missing-version"
	}
	return "endpoint-not-found"
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

func statusCode(status int, badPath bool) string {
	switch {
	case status == 401:
		return "auth-invalid"
	case status == 403:
		return "auth-forbidden"
	case status == 404 && badPath:
		return "endpoint-not-found"
	case status == 404:
		return "model-not-found"
	case status == 429:
		return "rate-limited"
	case status == 502:
		return "connect-refused"
	case status >= 500:
		return "server-error"
	case status == 200:
		return "error-in-200"
	}
	return ""
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

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
