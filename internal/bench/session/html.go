package session

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/bench/htmlreport"
)

// writeBenchHTML writes --html: the run, and the history of its targets
// when one exists (this run included when it was just added).
func writeBenchHTML(o *Options, r bench.Report, samples []bench.Sample) error {
	d := htmlreport.Data{Report: r, Samples: samples, Generated: o.Env.Now()}
	if o.Raw != "" {
		d.Raw = o.Env.Tilde(o.Raw)
	}
	path := o.HistoryFile
	if path == "" {
		path = defaultHistory(o.Env)
	}
	if runs, _, err := bench.LoadHistory(path); err == nil {
		max, err := ParseShare("--max-regression", o.MaxRegression)
		if err != nil || o.MaxRegression == "" {
			max, _ = ParseShare("--max-regression", bench.DefaultMaxRegression)
		}
		d.History = ownSeries(bench.Trend(runs, max), r)
	}
	var b bytes.Buffer
	if err := htmlreport.Render(&b, d); err != nil {
		return err
	}
	// temp file and rename: a page half written never replaces a whole one
	tmp, err := os.CreateTemp(filepath.Dir(o.HTML), ".bench-*.html")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary name means nothing to the user
		}
		return fmt.Errorf("%s: %w", o.Env.Tilde(o.HTML), err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b.Bytes()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), o.HTML)
}

// ownSeries keeps the series of the gateways and models this run measured.
func ownSeries(all []bench.Series, r bench.Report) []bench.Series {
	targets := map[[2]string]bool{{r.Target.BaseURL, r.Target.Model}: true}
	for _, v := range r.Variants {
		targets[[2]string{v.BaseURL, v.Model}] = true
	}
	var out []bench.Series
	for _, s := range all {
		if targets[[2]string{s.BaseURL, s.Model}] {
			out = append(out, s)
		}
	}
	return out
}
