package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"
)

// Schema names the document `bench --json` prints and `--save` writes.
const Schema = "keydoctor/bench@1"

// Report is a whole benchmark: target, settings, one level per run, the
// knee for sweeps. --save stores exactly this; it never holds the key.
type Report struct {
	Schema   string    `json:"schema"`
	Started  time.Time `json:"started"`
	Target   Target    `json:"target"`
	Settings Settings  `json:"settings"`
	Runs     []Level   `json:"runs"`
	Knee     *Knee     `json:"knee,omitempty"`
	// Comparison is set by --compare (never saved: a baseline is a
	// measurement, not a verdict).
	Comparison *Comparison `json:"comparison,omitempty"`
	// Variants are the sides of a comparison run (one run each, by
	// label); Differences set each against the first; Winner is the one
	// faster beyond noise, "" when none is.
	Variants    []Variant    `json:"variants,omitempty"`
	Differences []Difference `json:"differences,omitempty"`
	Winner      string       `json:"winner,omitempty"`
	// Router is the first side, a router on this machine, set against
	// the upstream --against names: its added TTFT, whether it buffers.
	Router *RouterHop `json:"router,omitempty"`
	// SLO is the run judged against --slo goals; LoadBaseline the
	// single-request level their load goals compare with, when the run
	// measured it apart.
	SLO *SLO `json:"slo,omitempty"`
	// Capacity is --plan's load set against the limits.
	Capacity     *CapacityPlan `json:"capacity_plan,omitempty"`
	LoadBaseline *Level        `json:"load_baseline,omitempty"`
}

// Comparison is a run set against a saved baseline.
type Comparison struct {
	Baseline      string   `json:"baseline"`
	MaxRegression float64  `json:"max_regression"`
	Changes       []Change `json:"changes"`
	Regressed     bool     `json:"regressed"`
}

// Target is what was measured. No key, not even masked: a saved baseline
// may be committed to a repository.
type Target struct {
	BaseURL  string `json:"base_url"`
	Model    string `json:"model"`
	Protocol string `json:"protocol"`
	Tool     string `json:"tool,omitempty"`
	URL      string `json:"url"`
}

// Settings are the load settings, enough to rerun the same benchmark.
type Settings struct {
	Concurrency int     `json:"concurrency"`
	Requests    int     `json:"requests"`
	Rate        float64 `json:"rate,omitempty"`
	Duration    string  `json:"duration,omitempty"`
	Ramp        string  `json:"ramp,omitempty"`
	Warmup      int     `json:"warmup"`
	MaxTokens   int     `json:"max_tokens"`
	Stream      bool    `json:"stream"`
	Prompt      string  `json:"prompt,omitempty"`
	InputTokens int     `json:"input_tokens,omitempty"`
	Sweep       string  `json:"sweep,omitempty"`
	MaxErrors   float64 `json:"max_errors"`
	Seed        uint64  `json:"seed,omitempty"`
	// A comparison run's flags, as given.
	Models     string `json:"models,omitempty"`
	Against    string `json:"against,omitempty"`
	InputSizes string `json:"input_sizes,omitempty"` // --input-tokens a,b
	StreamMode string `json:"stream_mode,omitempty"` // both
}

// WriteJSON writes the report, indented; goals keep their < and >.
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// LoadReport reads a report saved with --save.
func LoadReport(path string) (Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Report{}, err
	}
	r, err := parseReport(b)
	if err != nil {
		return Report{}, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// parseReport reads a saved benchmark document.
func parseReport(b []byte) (Report, error) {
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return Report{}, fmt.Errorf("not a saved benchmark: %w", err)
	}
	if r.Schema != Schema {
		return Report{}, fmt.Errorf("schema %q, want %q", r.Schema, Schema)
	}
	if len(r.Runs) == 0 {
		return Report{}, fmt.Errorf("no runs in it")
	}
	for _, l := range r.Runs {
		if l.Concurrency < 1 {
			return Report{}, fmt.Errorf("a run with concurrency %d", l.Concurrency)
		}
	}
	return r, nil
}

// SaveReport writes the report atomically (temp file, rename), so an
// interrupted save never leaves half a baseline.
func SaveReport(path string, r Report) error {
	r.Comparison = nil // a baseline is a measurement, not a verdict
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		return err
	}
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	tmp, err := os.CreateTemp(dirOf(path), ".bench-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func dirOf(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if os.IsPathSeparator(path[i]) {
			return path[:i+1]
		}
	}
	return "."
}
