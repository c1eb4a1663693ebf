package session

import (
	"context"
	"fmt"
	"github.com/keydoctor/keydoctor/internal/human"
	"io"
	"strings"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/bench/render"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// confirmAbove: a run planning more requests or output tokens than this
// asks first on a terminal.
const (
	confirmRequests = 200
	confirmTokens   = 100_000
)

// printPlan says what is about to be sent and what it may cost, on
// stderr so that --json and --csv stay clean.
func printPlan(o *Options, r bench.Report, p bench.Plan, sw *bench.Sweep, vs []bench.Variant, b bench.Budget) {
	w := o.notes()
	load := fmt.Sprintf("%d requests at concurrency %d", p.Requests, p.Concurrency)
	switch {
	case sw != nil:
		load = fmt.Sprintf("sweep %s, %d requests per level (whole rounds of c, at least 2 per slot)", strings.Trim(fmt.Sprint(sw.Planned()), "[]"), p.Requests)
	case p.Rate > 0:
		load = fmt.Sprintf("%g requests/s (Poisson, seed %d), at most %d in flight", p.Rate, p.Seed, p.Concurrency)
		if p.Requests > 0 {
			load += fmt.Sprintf(", %d requests", p.Requests)
		}
	case p.Requests == 0:
		load = fmt.Sprintf("concurrency %d", p.Concurrency)
	case len(vs) > 0:
		load = fmt.Sprintf("%d sides (%s), %d requests each at concurrency %d, interleaved", len(vs), variantLabels(vs), p.Requests, p.Concurrency)
	}
	if p.Duration > 0 {
		load += ", for " + p.Duration.String()
	}
	mode := "streamed"
	if !p.Request.Stream {
		mode = "not streamed (E2E only)"
	}
	fmt.Fprintf(w, "bench: %s %s, model %s\n", p.Request.Protocol, r.Target.URL, r.Target.Model)
	warm := fmt.Sprintf("+%d warmup", p.WarmupRequests())
	if p.Warmup < 0 && p.Rate == 0 {
		warm = "+1 warmup per slot"
	}
	fmt.Fprintf(w, "bench: %s, %s, %s, max tokens %d\n", load, mode, warm, o.MaxTokens)
	if b.OpenEnded {
		fmt.Fprintf(w, "bench: planned as many requests as fit in %s, each at most %d output tokens and about %d input tokens\n",
			p.Duration, o.MaxTokens, bench.EstimateTokens(p.Request.Prompt))
		return
	}
	more := ""
	if sw != nil && sw.Auto {
		more = "up to "
	}
	fmt.Fprintf(w, "bench: planned %s%d requests, at most %s output tokens and about %s input tokens\n",
		more, b.Requests, render.Thousands(b.OutputTokens), render.Thousands(b.InputTokens))
}

// confirmBudget asks on a terminal before a large run; without one (or
// with --yes) the run goes on, as scripts and CI rely on.
func confirmBudget(ctx context.Context, o *Options, b bench.Budget) error {
	big := b.OpenEnded || b.Requests > confirmRequests || b.OutputTokens+b.InputTokens > confirmTokens
	if !big || o.Yes || !o.Env.IsTerminal || o.Confirm == nil {
		return nil
	}
	redact.Flush(o.ErrOut) // the plan shows before the question
	yes, err := o.Confirm(ctx, "This may cost real tokens. Continue?")
	if err != nil {
		return err
	}
	if yes {
		return nil
	}
	fmt.Fprintln(o.ErrOut, "bench: not started: nothing was sent (--yes skips this question)")
	return ErrDeclined
}

// benchExit: 1 when no request succeeded, a level stopped at the error
// limit, or the run was interrupted; the figures were printed already.
func benchExit(r bench.Report, ctx context.Context) error {
	if ctx.Err() != nil {
		return failf("", "interrupted: the figures above cover what completed before")
	}
	ok := 0
	for _, l := range r.Runs {
		ok += l.OK
		if l.Stopped != "" {
			return failf("run 'keydoctor doctor' to see why requests fail, or raise --max-errors to measure anyway",
				"c=%d %s", l.Concurrency, l.Stopped)
		}
	}
	if ok == 0 {
		return failf("run 'keydoctor doctor' to see why requests fail", "no request succeeded")
	}
	return nil
}

func variantLabels(vs []bench.Variant) string {
	labels := make([]string, len(vs))
	for i, v := range vs {
		labels[i] = v.Label
	}
	return strings.Join(labels, " | ")
}

// notes is where bench's own lines on stderr go: nowhere with --quiet;
// on a terminal each line wrapped at spaces to its width, continued under
// the text after "bench: " (a plan line ran to 130 columns, and the
// terminal cut it mid-word).
func (o *Options) notes() io.Writer {
	if o.Quiet {
		return io.Discard
	}
	if o.Width <= 0 {
		return o.ErrOut
	}
	return noteWriter{w: o.ErrOut, width: o.Width}
}

// noteWriter wraps each line of every write on its own: a note is one
// write of whole lines (fmt.Fprintf), so nothing is held back, unlike
// human.WrapWriter, which would hold the progress bar's "\r" line.
type noteWriter struct {
	w     io.Writer
	width int
}

func (n noteWriter) Write(p []byte) (int, error) {
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(p), "\n") {
		body, nl := strings.CutSuffix(line, "\n")
		b.WriteString(human.Wrap(body, n.width, "       "))
		if nl {
			b.WriteByte('\n')
		}
	}
	if _, err := io.WriteString(n.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}
