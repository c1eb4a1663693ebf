package ping

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// WriteHeader is the request line, printed before the request goes (a
// slow gateway then shows what it is slow at).
func WriteHeader(w io.Writer, t Target) {
	mode := ""
	if t.Request.Stream {
		mode = ", stream"
	}
	fmt.Fprintf(w, "ping %s%s: POST %s\n", t.Request.Protocol, mode, t.Request.Target())
}

// WriteText is what came back, under the request line.
func WriteText(w io.Writer, t Target, res *probe.Result, colored bool) {
	row := func(label, format string, args ...any) {
		fmt.Fprintf(w, "  %-9s %s\n", label, fmt.Sprintf(format, args...))
	}
	row("key", "%s (from %s)", t.Profile.ShownKey(), t.Profile.KeySource())
	for _, n := range t.Profile.Notes { // what normalising the pasted base URL repaired
		row("base url", "%s: %s", n.Code, n.Message)
	}
	if res.Proxy != "" {
		row("proxy", "%s", res.Proxy)
	}
	if res.StatusCode != 0 {
		c := redact.NewStyle(colored, redact.FgGreen)
		if !res.OK() {
			c = redact.NewStyle(colored, redact.FgRed, redact.Bold)
		}
		row("status", "%s", c.Sprintf("%d %s", res.StatusCode, strings.ToLower(http.StatusText(res.StatusCode))))
	}
	if res.Model != "" {
		row("model", "%s (asked for %s)", res.Model, t.Request.Model) // the gateway chose it: the writer escapes it
	}
	if res.Text != "" {
		row("answer", "%q", human.Clip(res.Text, 72))
	}
	if res.OK() {
		row("usage", "%d in, %d out (%s)", res.Usage.InputTokens, res.Usage.OutputTokens, usageSource(res))
	}
	row("timings", "%s", timingLine(res))
	for _, n := range res.Notes {
		row("note", "%s: %s", n.Code, n.Message) // it quotes the answer: the writer escapes it
	}
	fmt.Fprintf(w, "\nthe same request with curl (key from $%s):\n", t.Profile.KeyVar)
	fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(t.Curl(), "\n", "\n  "))
}

func usageSource(res *probe.Result) string {
	if res.Usage.FromServer {
		return "reported by the gateway"
	}
	return "counted from the stream's deltas; the gateway reported none"
}

// timingLine lists the phases that happened.
func timingLine(res *probe.Result) string {
	tm := res.Timings
	var parts []string
	add := func(name string, d time.Duration) {
		if d > 0 {
			parts = append(parts, name+" "+human.Duration(d))
		}
	}
	add("dns", tm.DNS)
	add("connect", tm.Connect)
	add("tls", tm.TLS)
	add("headers", tm.FirstByte)
	add("first token", tm.FirstDelta)
	if tm.FirstText > tm.FirstDelta { // a reasoning model: the text a user sees came later
		add("first text", tm.FirstText)
	}
	if res.Stream != nil {
		add("tpot", res.Stream.TPOT())
	}
	add("total", tm.End)
	if tm.ConnReused {
		parts = append(parts, "(connection reused)")
	}
	return strings.Join(parts, " · ")
}
