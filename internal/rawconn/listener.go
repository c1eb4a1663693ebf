package rawconn

import (
	"net"
	"time"
)

// Listener hands out its connections wrapped: a server that writes every
// event of a stream as it comes (the relay, the fake gateway) spares each
// write the sysmon wake-up a syscall.Write makes in an idle process.
type Listener struct{ net.Listener }

func (l Listener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return Wrap(c), nil
}

// Arrival is when the newest bytes c read reached the machine, by the
// kernel's clock (wall time): for a connection Wrap made, on Linux. Zero
// otherwise, and before the first stamped read.
func Arrival(c net.Conn) time.Time {
	if a, ok := c.(interface{ Arrival() time.Time }); ok {
		return a.Arrival()
	}
	return time.Time{}
}
