package session

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/keydoctor/keydoctor/internal/bench/render"
	"github.com/keydoctor/keydoctor/internal/bench/selftest"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// selfTest measures the benchmark client itself against the
// built-in fake gateway: accuracy at each concurrency (gateway in this
// process, as a user's run would be the only load), then CPU and memory
// with the gateway in a child process so that those figures are the
// client's alone.
func selfTest(ctx context.Context, o *Options) error {
	g, stop, err := selftest.InProcess(ctx)
	if err != nil {
		return failf("", "cannot start the fake gateway: %v", err)
	}
	defer stop()
	opts := selftest.Options{Gateway: g, NewDoer: o.NewDoer, Step: func(s string) {
		if o.ErrTerminal {
			fmt.Fprint(o.ErrOut, redact.ClearLine()+"self-test: "+s)
			redact.Flush(o.ErrOut)
		}
	}}
	if opts.NewDoer == nil {
		opts.NewDoer = probeDoer(o)
	}
	opts.Levels = nil
	for c := 1; c <= max(o.SelfTestMax, 1); c *= 2 {
		opts.Levels = append(opts.Levels, c)
	}
	if exe, err := os.Executable(); err == nil {
		if iso, stopIso, err := selftest.Child(ctx, append([]string{exe}, selftest.MockArgs()...), nil); err == nil {
			defer stopIso()
			opts.Isolated = &iso
		}
	}
	res, err := selftest.Run(ctx, opts)
	if o.ErrTerminal {
		fmt.Fprint(o.ErrOut, redact.ClearLine())
		redact.Flush(o.ErrOut)
	}
	if err != nil {
		return failf("", "self-test: %v", err)
	}
	if o.JSON {
		enc := json.NewEncoder(o.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(SelfTestDocument{SelfTestSchema, res}); err != nil {
			return err
		}
	} else {
		render.SelfTest(o.Out, res, g)
	}
	if !res.Pass {
		return ErrMissed
	}
	return nil
}
