package session

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/bench/render"
)

// printComparison prints old, new and the change of each compared metric
// and fails (exit 1) when one regressed beyond the threshold.
func printComparison(o *Options, old, cur bench.Report) error {
	changes, regressed, max := cur.Comparison.Changes, cur.Comparison.Regressed, cur.Comparison.MaxRegression
	w := o.Out
	if o.JSON || o.CSV {
		w = o.ErrOut // keep the machine-readable output clean
	}
	fmt.Fprintf(w, "\ncompared with %s (measured %s)\n", o.Compare, old.Started.Format("2006-01-02 15:04 MST"))
	if old.Target.BaseURL != cur.Target.BaseURL || old.Target.Model != cur.Target.Model || old.Target.Protocol != cur.Target.Protocol {
		fmt.Fprintf(w, "note: the baseline measured %s %s (%s); this run %s %s (%s)\n",
			old.Target.BaseURL, old.Target.Model, old.Target.Protocol, cur.Target.BaseURL, cur.Target.Model, cur.Target.Protocol)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "c\tmetric\told\tnew\tchange\t")
	var bad []string
	for _, c := range changes {
		verdict := ""
		if c.Regressed {
			verdict = "REGRESSED"
			bad = append(bad, fmt.Sprintf("%s at c=%d", c.Metric, c.Concurrency))
		}
		change := bench.Pct(c.Change)
		if c.Metric == "error_rate" {
			change = fmt.Sprintf("%+.1f points", c.Change*100)
		}
		level := fmt.Sprint(c.Concurrency)
		if c.Label != "" {
			level = c.Label + " c=" + level
		}
		fmt.Fprintf(tw, "%s\t%s\t%s %s\t%s %s\t%s\t%s\n", level, c.Metric, render.MS(c.Old), c.Unit, render.MS(c.New), c.Unit, change, verdict)
	}
	tw.Flush()
	if old.Knee != nil && cur.Knee != nil && old.Knee.Concurrency != cur.Knee.Concurrency {
		fmt.Fprintf(w, "note: the knee moved from concurrency %d to %d\n", old.Knee.Concurrency, cur.Knee.Concurrency)
	}
	if len(changes) == 0 {
		return failf("rerun with the same --sweep or -c as the baseline", "nothing to compare: no level of this run matches the baseline")
	}
	if regressed {
		return failf("rerun to rule out noise, or find what changed since the baseline",
			"regression beyond %.0f%%: %s", max*100, strings.Join(bad, ", "))
	}
	fmt.Fprintf(w, "no regression beyond %.0f%%\n", max*100)
	return nil
}
