package mock

import (
	"net"
	"net/http"
	"time"

	"github.com/keydoctor/keydoctor/internal/rawconn"
)

// connKey carries a request's connection in its context (Start's
// ConnContext).
type connKey struct{}

// maxArrivalAge bounds how long before the handler runs a request may
// have arrived and still be timed from its arrival: an age beyond any
// read deadline is a clock step, not a queue.
const maxArrivalAge = 10 * time.Second

// arrivalOf is when r reached the machine: the kernel's receive stamp of
// the newest bytes its connection read (rawconn, Linux), else now. TTFT
// and TPOT count from a request's arrival; with 256 requests landing in
// one instant on two cores shared with the client, net/http reaches the
// last of them milliseconds later, and a schedule counted from then
// added that wait to every first token the client measured.
func arrivalOf(r *http.Request) time.Time {
	now := time.Now()
	c, _ := r.Context().Value(connKey{}).(net.Conn)
	if t := rawconn.Arrival(c); !t.IsZero() {
		// Only the age comes from the wall clock: the result keeps now's
		// monotonic reading, so the schedule's timers do not see a step.
		if age := now.Sub(t); age > 0 && age < maxArrivalAge {
			return now.Add(-age)
		}
	}
	return now
}
