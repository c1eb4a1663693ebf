package rawconn

import (
	"context"
	"net"
	"net/http"
	"time"
)

// connKey carries a request's connection in its context (ConnContext).
type connKey struct{}

// ConnContext is an http.Server's ConnContext: it keeps each request's
// connection in the request's context, for RequestArrival.
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, c)
}

// maxArrivalAge bounds how long before now a request may have arrived and
// still be timed from its arrival: an age beyond any read deadline is a
// clock step, not a queue.
const maxArrivalAge = 10 * time.Second

// RequestArrival is when the newest bytes r's connection read reached the
// machine: the kernel's receive stamp (a connection Wrap made, served with
// ConnContext, on Linux), else now. Called when a handler starts, that is
// when the request's head was whole; after reading the body, when its last
// bytes came. With 256 requests landing in one instant on two cores, a
// server reaches the last of them milliseconds later: this tells that
// wait apart from the server's own time.
func RequestArrival(r *http.Request) time.Time {
	now := time.Now()
	c, _ := r.Context().Value(connKey{}).(net.Conn)
	if t := Arrival(c); !t.IsZero() {
		// Only the age comes from the wall clock: the result keeps now's
		// monotonic reading, so timers and differences do not see a step.
		if age := now.Sub(t); age > 0 && age < maxArrivalAge {
			return now.Add(-age)
		}
	}
	return now
}
