//go:build !linux

package h1stream

import "net"

// Supported is false where alive cannot peek without blocking: without
// it a connection the server closed while idle would fail the next
// request instead of being redialled, so callers keep net/http there.
const Supported = false

func alive(net.Conn) bool { return false }
