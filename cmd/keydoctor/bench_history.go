package main

import (
	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/bench/session"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/spf13/cobra"
)

func newBenchHistoryCmd(e *env.Env) *cobra.Command {
	o := &session.HistoryOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "history",
		Short: "show the trend of saved benchmark runs and mark regressions",
		Long: `history reads the runs that 'bench --history' (or --save) added and shows,
for each gateway, model and load, a table of TTFT and TPOT (p50, p90),
throughput and error rate run by run, with a chart of each, and marks a run
worse than the median of the runs before it (up to five) by more than
--max-regression.

It exits 1 when the latest run of a series regressed, so that a CI job
that benchmarks after every configuration change fails when it got slower.`,
		Example: `  keydoctor bench --history -n 20
  keydoctor bench history
  keydoctor bench history --model gpt-4o --max-regression 30%`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			o.Out = c.OutOrStdout()
			return benchError(session.History(o))
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.File, "file", "", "the history to read (default $XDG_DATA_HOME/keydoctor/"+bench.HistoryFile+")")
	f.StringVar(&o.Model, "model", "", "show only this model's series")
	f.StringVar(&o.MaxRegression, "max-regression", bench.DefaultMaxRegression, "how much worse than the rolling baseline marks a run (100%: twice as slow; the same default as bench --compare)")
	f.BoolVar(&o.JSON, "json", false, "print the series as JSON (schema "+session.HistorySchema+")")
	return cmd
}
