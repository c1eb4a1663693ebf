package ping

import (
	"context"
	"io"

	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/waitline"
)

// Printer is how a ping run shows itself: as text on Out, unless JSON
// (the caller prints NewDoc's document) or Quiet (a failure is the
// caller's error, nothing else shows).
type Printer struct {
	Out                io.Writer
	JSON, Quiet, Color bool
	// Progress is where the waiting line shows while the gateway answers
	// (nil: nowhere, and never with JSON); Width the columns it fits.
	Progress io.Writer
	Width    int
}

// Run sends the ping (Send) and prints it: the request line at once, so
// that a slow gateway shows what it is slow at, then what came back.
func Run(ctx context.Context, c *probe.Client, t Target, p Printer) *probe.Result {
	text := !p.JSON && !p.Quiet
	if text {
		WriteHeader(p.Out, t)
	}
	var w *waitline.Line
	if !p.JSON {
		w = waitline.Start(p.Progress, p.Width)
	}
	end := w.Show("waiting for the gateway's answer")
	res := Send(ctx, c, t)
	end()
	w.Close()
	if text {
		WriteText(p.Out, t, res, p.Color)
	}
	return res
}
