package session

import (
	"fmt"
	"io"
	"os"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/bench/render"
	"github.com/keydoctor/keydoctor/internal/human"
)

// writeBenchOutputs prints the result in the chosen form and writes the
// --raw and --save files.
func writeBenchOutputs(o *Options, r bench.Report, samples []bench.Sample) error {
	if o.Raw != "" {
		// 0600 like every file keydoctor writes (os.Create is 0666).
		f, err := os.OpenFile(o.Raw, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
		if err != nil {
			return failf("", "cannot write the raw samples: %v", err)
		}
		err = bench.WriteRaw(f, samples)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return failf("", "cannot write the raw samples: %v", err)
		}
	}
	if o.Save != "" {
		if err := bench.SaveReport(o.Save, r); err != nil {
			return failf("", "cannot save the baseline: %v", err)
		}
	}
	switch {
	case o.JSON:
		if err := r.WriteJSON(o.Out); err != nil {
			return err
		}
	case o.CSV:
		if err := render.CSV(o.Out, r); err != nil {
			return err
		}
	case len(r.Variants) > 0:
		render.Variants(o.Out, r)
	default:
		if len(r.Runs) == 1 && r.Knee == nil {
			wrapped(o, func(w io.Writer) { render.Level(w, r.Runs[0], r.Settings.InputTokens) })
		} else {
			render.Sweep(o.Out, r) // a table and a chart: never wrapped
		}
	}
	if r.Capacity != nil && !o.JSON && !o.CSV {
		wrapped(o, func(w io.Writer) { render.Capacity(w, r.Capacity) })
	}
	if r.SLO != nil && !o.JSON && !o.CSV {
		wrapped(o, func(w io.Writer) { render.SLO(w, r.SLO) })
	}
	if o.Raw != "" {
		fmt.Fprintf(o.notes(), "bench: wrote %d request lines to %s\n", len(samples), o.Raw)
	}
	if o.Save != "" {
		fmt.Fprintf(o.notes(), "bench: saved the baseline to %s (no key in it)\n", o.Save)
	}
	if path := historyPath(o); path != "" {
		if err := bench.AppendHistory(path, r); err != nil {
			return failf("", "cannot add the run to the history: %v", err)
		}
		fmt.Fprintf(o.notes(), "bench: added the run to the history %s ('keydoctor bench history' shows the trend)\n", o.Env.Tilde(path))
	}
	if o.HTML != "" {
		if err := writeBenchHTML(o, r, samples); err != nil {
			return failf("", "cannot write the HTML report: %v", err)
		}
		fmt.Fprintf(o.notes(), "bench: wrote the HTML report to %s\n", o.HTML)
	}
	return nil
}

// wrapped renders into Out wrapping the report's label-and-value lines at
// spaces to the terminal's width, continued under the values' column.
func wrapped(o *Options, render func(io.Writer)) {
	w := human.WrapWriter(o.Out, o.Width, "          ")
	render(w)
	w.Flush()
}
