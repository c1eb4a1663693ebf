package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/spf13/cobra"
)

// historyPath is where a run is added: --history-file, else the data
// directory's history with --history or --save; "" for none.
func historyPath(o *benchOptions) string {
	switch {
	case o.HistoryFile != "":
		return o.HistoryFile
	case o.History || o.Save != "":
		return defaultHistory(o.Env)
	}
	return ""
}

func defaultHistory(e *env.Env) string {
	return filepath.Join(e.KeydoctorDataDir(), bench.HistoryFile)
}

// benchHistoryOptions are the flags of `keydoctor bench history`.
type benchHistoryOptions struct {
	File          string
	Model         string
	MaxRegression string
	JSON          bool

	Env *env.Env
	Out io.Writer
}

func newBenchHistoryCmd(e *env.Env) *cobra.Command {
	o := &benchHistoryOptions{Env: e}
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
			return runBenchHistory(o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.File, "file", "", "the history to read (default $XDG_DATA_HOME/keydoctor/"+bench.HistoryFile+")")
	f.StringVar(&o.Model, "model", "", "show only this model's series")
	f.StringVar(&o.MaxRegression, "max-regression", "100%", "how much worse than the rolling baseline marks a run (100%: twice as slow)")
	f.BoolVar(&o.JSON, "json", false, "print the series as JSON (schema keydoctor/bench-history@1)")
	return cmd
}

func runBenchHistory(o *benchHistoryOptions) error {
	max, err := parseShare("--max-regression", o.MaxRegression)
	if err != nil {
		return err
	}
	path := o.File
	if path == "" {
		path = defaultHistory(o.Env)
	}
	runs, skipped, err := bench.LoadHistory(path)
	if errors.Is(err, fs.ErrNotExist) {
		return failf("run 'keydoctor bench --history' to add one", "no history yet at %s", o.Env.Tilde(path))
	}
	if err != nil {
		return failf("", "cannot read the history: %v", err)
	}
	var series []bench.Series
	for _, s := range bench.Trend(runs, max) {
		if o.Model == "" || s.Model == o.Model {
			series = append(series, s)
		}
	}
	if o.JSON {
		enc := json.NewEncoder(o.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Schema  string         `json:"schema"`
			File    string         `json:"file"`
			Skipped []string       `json:"skipped_lines,omitempty"`
			Series  []bench.Series `json:"series"`
		}{"keydoctor/bench-history@1", o.Env.Tilde(path), skipped, series}); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(o.Out, "history %s: %d runs\n", o.Env.Tilde(path), len(runs))
		for _, s := range skipped {
			fmt.Fprintf(o.Out, "skipped %s\n", s)
		}
		for _, s := range series {
			writeSeries(o.Out, s)
		}
	}
	var bad []string
	for _, s := range series {
		if last := s.Points[len(s.Points)-1]; last.Regressed {
			bad = append(bad, seriesName(s))
		}
	}
	if len(bad) > 0 {
		return failf("see the marked runs above; rerun to rule out noise", "the latest run regressed: %s", strings.Join(bad, "; "))
	}
	return nil
}

func seriesName(s bench.Series) string {
	load := fmt.Sprintf("c=%d", s.Concurrency)
	if s.Rate > 0 {
		load = fmt.Sprintf("%g/s", s.Rate)
	}
	mode := "streamed"
	if !s.Stream {
		mode = "not streamed"
	}
	name := fmt.Sprintf("%s at %s (%s, %s, %s)", s.Model, s.BaseURL, s.Protocol, load, mode)
	if s.Label != "" {
		name = s.Label + ": " + name
	}
	return name
}

// when prints a run's time compactly, in UTC as saved.
func when(t time.Time) string { return t.UTC().Format("2006-01-02 15:04") }
