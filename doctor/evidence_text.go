package doctor

import (
	"fmt"
	"sort"
	"strings"
)

// evidenceOrder is the order phase timings print in.
var evidenceOrder = []string{"dns", "connect", "tls", "request_sent", "first_byte", "ttft", "last_delta", "total"}

// writeEvidence prints what a wire finding saw, under the finding: the
// request and its answer with phase timings, the first bytes of the body,
// and the curl command that repeats it (key as $VAR).
func writeEvidence(b *strings.Builder, p palette, ev *Evidence) {
	const indent = "          "
	line := ev.Method + " " + ev.URL
	if ev.Status > 0 {
		line += fmt.Sprintf(" → %d", ev.Status)
	} else {
		line += " → no answer"
	}
	if ev.Attempts > 1 {
		line += fmt.Sprintf(" after %d attempts", ev.Attempts)
	}
	var phases []string
	keys := make([]string, 0, len(ev.Timings))
	for k := range ev.Timings {
		keys = append(keys, k)
	}
	sort.SliceStable(keys, func(i, j int) bool { return rankOf(keys[i]) < rankOf(keys[j]) })
	for _, k := range keys {
		phases = append(phases, fmt.Sprintf("%s %.1fms", strings.ReplaceAll(k, "_", " "), ev.Timings[k]))
	}
	if len(phases) > 0 {
		line += " (" + strings.Join(phases, ", ") + ")"
	}
	fmt.Fprintln(b, p.dim.Sprint(indent+line))
	if ev.Body != "" {
		fmt.Fprintln(b, p.dim.Sprint(indent+"body: "+ev.Body))
	}
	if ev.Curl != "" {
		fmt.Fprintln(b, p.dim.Sprint(indent+strings.ReplaceAll(ev.Curl, "\n", "\n"+indent)))
	}
}

func rankOf(k string) int {
	for i, o := range evidenceOrder {
		if o == k {
			return i
		}
	}
	return len(evidenceOrder)
}
