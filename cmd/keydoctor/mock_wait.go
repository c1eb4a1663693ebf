package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"
)

// mockWaitFor is how long 'mock --wait' waits for something to listen.
const mockWaitFor = 10 * time.Second

// waitMock is 'mock --wait': serve nothing, return once something accepts
// connections at o.Addr. A block pasted whole into a shell starts the mock
// in the background and goes on at once; without this line its next
// command could reach the port before the mock listens.
func waitMock(ctx context.Context, o *mockOptions) error {
	ctx, cancel := context.WithTimeout(ctx, mockWaitFor)
	defer cancel()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var d net.Dialer
	for {
		attempt, stop := context.WithTimeout(ctx, time.Second)
		c, err := d.DialContext(attempt, "tcp", o.Addr)
		stop()
		if err == nil {
			c.Close()
			if !o.Quiet {
				fmt.Fprintf(o.Out, "listening: %s\n", o.Addr)
			}
			return nil
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return failf("start it first: keydoctor mock --addr "+o.Addr+" &", "nothing listens at %s after %s", o.Addr, mockWaitFor)
			}
			return ctx.Err()
		}
	}
}
