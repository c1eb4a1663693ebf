//go:build !linux

package h1stream

import (
	"io"
	"net"
	"time"
)

// stampConn: only Linux stamps a TCP read with its receive time here.
type stampConn struct{ last time.Time }

func stamped(nc net.Conn) (io.Reader, *stampConn) { return nc, nil }
