package mock

import (
	"context"
	"errors"
	"net"
	"time"
)

// WaitFor is how long 'mock --wait' waits for something to listen.
const WaitFor = 10 * time.Second

// ErrNotListening: nothing accepted connections at the address in time.
var ErrNotListening = errors.New("nothing listens")

// Wait returns once something accepts connections at addr ('mock
// --wait'), ErrNotListening after WaitFor. A block pasted whole into a
// shell starts the mock in the background and goes on at once; without
// waiting, its next command could reach the port before the mock listens.
func Wait(ctx context.Context, addr string) error {
	ctx, cancel := context.WithTimeout(ctx, WaitFor)
	defer cancel()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var d net.Dialer
	for {
		attempt, stop := context.WithTimeout(ctx, time.Second)
		c, err := d.DialContext(attempt, "tcp", addr)
		stop()
		if err == nil {
			c.Close()
			return nil
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return ErrNotListening
			}
			return ctx.Err()
		}
	}
}
