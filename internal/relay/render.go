package relay

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/keydoctor/keydoctor/internal/human"
)

// LineIndent starts a wrapped Line's continuation under the path, past
// the time stamp.
const LineIndent = "             "

// Line is one request on the terminal, as trace and verify print it:
//
//	22:03:01.123 POST /v1/messages?beta=true gpt-4o stream 200 ttft 412ms e2e 1.20s 57 tok auth x-api-key sk-t****0123 "client/1.2.3 (cli)"
func Line(r Record) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s", r.Time.Format("15:04:05.000"), r.Method, r.Path)
	switch {
	case r.Model != "" && r.ServedModel != "" && r.ServedModel != r.Model:
		fmt.Fprintf(&b, " %s -> %s", r.Model, r.ServedModel)
	case r.Model != "":
		fmt.Fprintf(&b, " %s", r.Model)
	case r.ServedModel != "":
		fmt.Fprintf(&b, " -> %s", r.ServedModel)
	}
	if r.Stream {
		b.WriteString(" stream")
	}
	fmt.Fprintf(&b, " %d", r.Status)
	if r.TTFTms > 0 {
		fmt.Fprintf(&b, " ttft %s", human.Duration(msDuration(r.TTFTms)))
	}
	if r.FirstTextMS > r.TTFTms { // a reasoning model: its text came later
		fmt.Fprintf(&b, " first-text %s", human.Duration(msDuration(r.FirstTextMS)))
	}
	fmt.Fprintf(&b, " e2e %s", human.Duration(msDuration(r.E2Ems)))
	if r.OutputTokens > 0 {
		fmt.Fprintf(&b, " %d tok", r.OutputTokens)
	}
	fmt.Fprintf(&b, " auth %s", r.Auth)
	if r.KeyMasked != "" {
		fmt.Fprintf(&b, " %s", r.KeyMasked)
	}
	if r.Client != "" {
		fmt.Fprintf(&b, " %q", r.Client)
	}
	if r.Failed && r.Error != "" {
		fmt.Fprintf(&b, " FAILED (%s)", r.Error)
	}
	if r.Mismatch {
		b.WriteString(" MISMATCH")
	}
	return b.String()
}

// PrintSummary prints one row per client and model of recs, or that none
// came.
func PrintSummary(w io.Writer, recs []Record) {
	if len(recs) == 0 {
		fmt.Fprintln(w, "\nno requests came through the relay")
		return
	}
	fmt.Fprintf(w, "\nsummary: %d %s\n", len(recs), human.Plural(len(recs), "request", "requests"))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  CLIENT\tMODEL\tCOUNT\tERRORS\tMISMATCH\tTTFT P50")
	for _, g := range Summarize(recs) {
		client, model := g.Client, g.Model
		if client == "" {
			client = "(no user-agent)"
		}
		if model == "" {
			model = "-"
		}
		p50 := "-"
		if !math.IsNaN(g.TTFTp50ms) {
			p50 = human.Duration(msDuration(g.TTFTp50ms))
		}
		fmt.Fprintf(tw, "  %s\t%s\t%d\t%d\t%d\t%s\n", client, model, g.Count, g.Errors, g.Mismatches, p50)
	}
	tw.Flush()
}

// msDuration is a JSON figure in milliseconds as a duration.
func msDuration(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }
