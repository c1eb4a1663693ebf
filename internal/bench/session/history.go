package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/bench/render"
	"github.com/keydoctor/keydoctor/internal/env"
)

// historyPath is where a run is added: --history-file, else the data
// directory's history with --history or --save; "" for none.
func historyPath(o *Options) string {
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

// HistoryOptions are the settings of `keydoctor bench history`.
type HistoryOptions struct {
	File          string
	Model         string
	MaxRegression string
	JSON          bool

	Env *env.Env
	Out io.Writer
}

// History shows the trend of the saved runs; it fails when the latest
// run of a series regressed.
func History(o *HistoryOptions) error {
	max, err := ParseShare("--max-regression", o.MaxRegression)
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
		if err := enc.Encode(HistoryDocument{HistorySchema, o.Env.Tilde(path), skipped, series}); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(o.Out, "history %s: %d runs\n", o.Env.Tilde(path), len(runs))
		for _, s := range skipped {
			fmt.Fprintf(o.Out, "skipped %s\n", s)
		}
		for _, s := range series {
			render.Series(o.Out, s)
		}
	}
	var bad []string
	for _, s := range series {
		if last := s.Points[len(s.Points)-1]; last.Regressed {
			bad = append(bad, render.SeriesName(s))
		}
	}
	if len(bad) > 0 {
		return failf("see the marked runs above; rerun to rule out noise", "the latest run regressed: %s", strings.Join(bad, "; "))
	}
	return nil
}
