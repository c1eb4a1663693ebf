package render

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// SLO prints the verdicts.
func SLO(w io.Writer, s *bench.SLO) {
	source := s.Source
	if source == "" {
		source = "--slo"
	}
	fmt.Fprintf(w, "\ngoals (%s %s):\n", source, s.Goals)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	missed, judged := 0, 0
	for _, v := range s.Verdicts {
		where := fmt.Sprintf("c=%d", v.Concurrency)
		if v.Label != "" {
			where = v.Label + " " + where
		}
		state, val := "met", sloValue(v)
		switch {
		case !v.Judged:
			state = "not judged: " + v.Note
		case !v.Met:
			state = "MISSED"
		}
		if v.Judged {
			judged++
			if !v.Met {
				missed++
			}
		}
		note := ""
		if v.Judged && v.Note != "" {
			note = " (" + v.Note + ")"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s%s\n", v.Goal, where, val, state, note)
	}
	tw.Flush()
	switch {
	case s.HoldsUpTo > 0 && !s.Met:
		fmt.Fprintf(w, "slo: every goal held up to concurrency %d; %d of %d verdicts missed\n", s.HoldsUpTo, missed, judged)
	case !s.Met:
		fmt.Fprintf(w, "slo: %d of %d verdicts missed\n", missed, judged)
	default:
		fmt.Fprintf(w, "slo: every goal met (%d verdicts)\n", judged)
	}
}

func sloValue(v bench.Verdict) string {
	if !v.Judged {
		return "-"
	}
	switch v.Unit {
	case "%":
		return fmt.Sprintf("%.2f%%", v.Value)
	case "x":
		return fmt.Sprintf("%.2fx", v.Value)
	case "tokens/s":
		return fmt.Sprintf("%.1f tokens/s", v.Value)
	}
	return MS(v.Value) + " ms"
}
