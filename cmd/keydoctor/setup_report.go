package main

import "github.com/keydoctor/keydoctor/internal/setup"

// printSetup prints setup's report, as text or as JSON.
func printSetup(o *setupOptions, r *setup.Report) error {
	if o.JSON {
		return writeJSON(o.Out, r)
	}
	r.WriteText(o.Out, o.UI.Quiet, o.UI.Width)
	return nil
}
