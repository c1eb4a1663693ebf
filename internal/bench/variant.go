package bench

import (
	"context"
	"time"

	"github.com/keydoctor/keydoctor/internal/probe"
)

// Variant is one side of a comparison run: the same load and settings,
// one thing changed (the model, the route, the prompt size, streaming).
type Variant struct {
	Label       string `json:"label"`
	BaseURL     string `json:"base_url"`
	URL         string `json:"url"`
	Model       string `json:"model"`
	Stream      bool   `json:"stream"`
	InputTokens int    `json:"input_tokens,omitempty"` // --input-tokens of this side, 0: the prompt as given
	// Request is what this side sends; Key is redacted from its errors.
	Request probe.Request `json:"-"`
	Key     string        `json:"-"`
}

// RunVariants runs every variant at the plan's concurrency for the plan's
// count, interleaved: round r sends one round of c requests of each
// variant, starting with variant r mod k, so that a gateway that slows
// down (or a machine that gets busy) during the run weighs on every side
// alike. Each variant warms its connections first. A variant whose
// failures pass the error limit stops; the others go on. progress is
// called after each block with the requests done so far.
func RunVariants(ctx context.Context, d Doer, base Plan, vs []Variant, progress func(done, total int)) ([]Level, []Sample) {
	c := max(base.Concurrency, 1)
	n := base.Requests
	total := n * len(vs)
	runs := make([]variantRun, len(vs))
	done := 0
	for r := 0; done < total; r++ {
		progressed := false
		for k := range vs {
			i := (r + k) % len(vs)
			v := &runs[i]
			left := n - v.done
			if left <= 0 || v.stopped != "" || ctx.Err() != nil {
				continue
			}
			p := base
			p.Request, p.Key, p.Progress = vs[i].Request, vs[i].Key, nil
			p.Requests, p.Warmup = min(c, left), 0
			if r == 0 {
				p.Warmup = base.Warmup
			}
			l, s := Execute(ctx, d, p)
			v.add(vs[i].Label, l, s, base.MaxErrors)
			done += l.Requests + l.Interrupted
			progressed = true
			if progress != nil {
				progress(min(done, total), total)
			}
		}
		if !progressed {
			break
		}
	}
	var (
		levels  []Level
		samples []Sample
	)
	for i, v := range runs {
		l := Aggregate(c, v.samples, v.window)
		l.Label, l.Stream, l.Client, l.Stopped = vs[i].Label, vs[i].Request.Stream, v.client, v.stopped
		if l.Stopped == "" && ctx.Err() != nil {
			l.Stopped = "interrupted: these figures cover what completed before"
		}
		levels, samples = append(levels, l), append(samples, v.samples...)
	}
	return levels, samples
}

// variantRun is one variant's blocks so far.
type variantRun struct {
	samples      []Sample
	window       time.Duration
	done, failed int
	client       ClientLoad
	stopped      string
}

func (v *variantRun) add(label string, l Level, s []Sample, maxErrors float64) {
	for i := range s {
		s[i].Label = label
		if !s[i].Warmup {
			s[i].Seq += v.done
		}
	}
	v.samples = append(v.samples, s...)
	v.window += l.window
	v.done += l.Requests
	v.failed += l.Failed
	v.client = v.client.merge(l.Client)
	if l.Stopped != "" {
		v.stopped = l.Stopped
	}
	if v.stopped == "" && maxErrors < 1 && v.done >= minForErrorStop && float64(v.failed) > maxErrors*float64(v.done) {
		v.stopped = errorStop(v.failed, v.done, maxErrors)
	}
}
