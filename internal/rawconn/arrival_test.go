package rawconn

import (
	"net"
	"net/http/httptest"
	"testing"
	"time"
)

// stampedConn is a connection whose kernel stamp the test sets.
type stampedConn struct {
	net.Conn
	at time.Time
}

func (c stampedConn) Arrival() time.Time { return c.at }

// TestRequestArrival: a request is timed from its bytes' arrival when its
// connection says when, and the age is believable; else from now.
func TestRequestArrival(t *testing.T) {
	const slack = 50 * time.Millisecond // the clock runs between the test's readings and RequestArrival's
	for _, tc := range []struct {
		name string
		conn net.Conn // nil: no connection in the context
		age  time.Duration
	}{
		{"no connection", nil, 0},
		{"a connection without stamps", stampedConn{}, 0},
		{"arrived 300ms ago", stampedConn{at: time.Now().Add(-300 * time.Millisecond)}, 300 * time.Millisecond},
		{"in the future: a clock step", stampedConn{at: time.Now().Add(time.Hour)}, 0},
		{"older than any read deadline", stampedConn{at: time.Now().Add(-time.Hour)}, 0},
	} {
		r := httptest.NewRequest("POST", "/v1/chat/completions", nil)
		if tc.conn != nil {
			r = r.WithContext(ConnContext(r.Context(), tc.conn))
		}
		before := time.Now()
		got := RequestArrival(r)
		after := time.Now()
		if got.Before(before.Add(-tc.age-slack)) || got.After(after.Add(-tc.age)) {
			t.Errorf("%s: arrival %v before the call, want %v", tc.name, before.Sub(got), tc.age)
		}
		if got.Round(0) == got { // Round(0) strips the monotonic reading: equal, there was none
			t.Errorf("%s: the arrival lost its monotonic clock reading", tc.name)
		}
	}
}
