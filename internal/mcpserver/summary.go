package mcpserver

import (
	"fmt"
	"strings"

	"github.com/tidwall/gjson"
)

// summarize is the short text a model reads first; the document follows
// as the structured result. It is built from the masked document only.
func summarize(name string, doc []byte) string {
	d := gjson.ParseBytes(doc)
	var b strings.Builder
	switch name {
	case "status":
		tools := d.Get("tools").Array()
		fmt.Fprintf(&b, "%d tool(s) configured\n", len(tools))
		for _, t := range tools {
			fmt.Fprintf(&b, "%s: base URL %s, model %s, key %s", t.Get("tool"), orNone(t.Get("base_url.value")), orNone(t.Get("model.value")), orNone(t.Get("key.value")))
			if u := t.Get("request.url"); u.Exists() {
				fmt.Fprintf(&b, ", sends %s", u)
			}
			b.WriteString("\n")
		}
		for _, p := range d.Get("problems").Array() {
			fmt.Fprintf(&b, "problem: %s: %s\n", p.Get("source"), p.Get("message"))
		}
	case "doctor":
		s := d.Get("summary")
		fmt.Fprintf(&b, "%d error(s), %d warning(s), %d ok\n", s.Get("error").Int(), s.Get("warning").Int(), s.Get("ok").Int())
		for _, f := range d.Get("findings").Array() {
			st := f.Get("status").String()
			if st != "error" && st != "warning" {
				continue
			}
			fmt.Fprintf(&b, "%s %s", st, f.Get("code"))
			if t := f.Get("tool").String(); t != "" {
				fmt.Fprintf(&b, " (%s)", t)
			}
			fmt.Fprintf(&b, ": %s", f.Get("message"))
			if src := f.Get("source").String(); src != "" {
				fmt.Fprintf(&b, " [%s]", src)
			}
			if fix := f.Get("fix").String(); fix != "" {
				fmt.Fprintf(&b, "\n  fix: %s", fix)
			}
			b.WriteString("\n")
		}
	case "ping":
		if c := d.Get("code").String(); c != "" {
			fmt.Fprintf(&b, "failed: %s (HTTP %d) from %s: %s\n", c, d.Get("status").Int(), d.Get("url"), d.Get("error"))
		} else {
			fmt.Fprintf(&b, "HTTP %d from %s: model %s answered in %.0f ms\n", d.Get("status").Int(), d.Get("url"), d.Get("model"), d.Get("timings_ms.total").Float())
		}
	case "explain":
		for _, c := range d.Get("codes").Array() {
			fmt.Fprintf(&b, "%s: %s\n  fix: %s\n", c.Get("code"), c.Get("title"), c.Get("fix"))
		}
	case "bench":
		for _, r := range d.Get("runs").Array() {
			fmt.Fprintf(&b, "%d ok, %d failed; TTFT p50 %.0f ms, p90 %.0f ms; TPOT p50 %.1f ms; %.0f output tokens in all\n",
				r.Get("ok").Int(), r.Get("failed").Int(), r.Get("ttft_ms.p50").Float(), r.Get("ttft_ms.p90").Float(),
				r.Get("tpot_ms.p50").Float(), r.Get("output_tokens").Float())
			for code, n := range r.Get("errors").Map() {
				fmt.Fprintf(&b, "  %s: %d\n", code, n.Int())
			}
		}
		fmt.Fprintf(&b, "cost: %d request(s) to %s, at most %d output tokens each\n",
			d.Get("settings.requests").Int(), d.Get("target.url"), d.Get("settings.max_tokens").Int())
	case "fix_plan":
		diff := d.Get("diff").String()
		if strings.TrimSpace(diff) == "" {
			b.WriteString("nothing to fix by editing a file\n")
		} else {
			b.WriteString(diff)
		}
		b.WriteString("nothing was written: the user applies this with 'keydoctor doctor --fix'\n")
	}
	return b.String()
}

func orNone(v gjson.Result) string {
	if v.String() == "" {
		return "(none)"
	}
	return v.String()
}
