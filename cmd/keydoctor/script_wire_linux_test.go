package main

import (
	"fmt"
	"net"
	"syscall"
	"time"
)

// fullListener listens with a backlog of 0 and fills its one queue slot:
// Linux then drops further SYNs, and a connect times out.
func fullListener() (addr string, closeFn func(), err error) {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return "", nil, err
	}
	fail := func(err error) (string, func(), error) { syscall.Close(fd); return "", nil, err }
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		return fail(err)
	}
	if err := syscall.Listen(fd, 0); err != nil {
		return fail(err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		return fail(err)
	}
	addr = fmt.Sprintf("127.0.0.1:%d", sa.(*syscall.SockaddrInet4).Port)
	filler, err := net.DialTimeout("tcp", addr, 2*time.Second)
	if err != nil {
		return fail(err)
	}
	return addr, func() { filler.Close(); syscall.Close(fd) }, nil
}
