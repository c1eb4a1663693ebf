package doctor

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
)

// RunOptions tune Run.
type RunOptions struct {
	// Timeout bounds each check; zero means 30s. A check past its timeout
	// yields a Failed finding, and its late results are dropped.
	Timeout time.Duration
	// Parallel bounds how many checks run at once; zero means all.
	Parallel int
}

// Run runs checks in parallel and returns their findings in check order,
// so that output is stable whatever finishes first. A panic becomes a
// Failed finding; so does a timeout.
func Run(ctx context.Context, e *env.Env, checks []Check, o RunOptions) []Finding {
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	results := make([][]Finding, len(checks))
	var sem chan struct{}
	if o.Parallel > 0 {
		sem = make(chan struct{}, o.Parallel)
	}
	var wg sync.WaitGroup
	for i, c := range checks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if sem != nil {
				sem <- struct{}{}
				defer func() { <-sem }()
			}
			results[i] = runOne(ctx, e, c, o.Timeout)
		}()
	}
	wg.Wait()
	var out []Finding
	for _, r := range results {
		out = append(out, r...)
	}
	return out
}

func runOne(ctx context.Context, e *env.Env, c Check, timeout time.Duration) []Finding {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	done := make(chan []Finding, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- []Finding{{Check: c.Name(), Code: "check-failed", Status: Failed,
					Message: fmt.Sprintf("the check crashed: %v", r),
					Fix:     "this is a bug in keydoctor; please report it with: " + firstLines(string(debug.Stack()), 6)}}
			}
		}()
		done <- c.Run(ctx, e)
	}()
	var fs []Finding
	late := false
	select {
	case fs = <-done:
		// A check that returned because its deadline passed is late too;
		// select alone would pick either ready case at random.
		late = errors.Is(ctx.Err(), context.DeadlineExceeded)
	case <-ctx.Done():
		late = true
	}
	if late {
		fs = []Finding{{Check: c.Name(), Code: "check-failed", Status: Failed,
			Message: fmt.Sprintf("the check did not finish within %s", timeout),
			Fix:     "raise --timeout, or run with --offline to skip network checks"}}
	}
	elapsed := time.Since(start)
	for i := range fs {
		if fs[i].Check == "" {
			fs[i].Check = c.Name()
		}
		if fs[i].Duration == 0 {
			fs[i].Duration = elapsed
		}
	}
	return fs
}

func firstLines(s string, n int) string {
	lines := 0
	for i, r := range s {
		if r == '\n' {
			lines++
			if lines == n {
				return s[:i]
			}
		}
	}
	return s
}
