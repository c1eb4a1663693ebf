//go:build ignore

// relayfloor measures the least a relay on this machine adds to TTFT at
// 256 streams, for comparing with `keydoctor trace` (issue 31): a byte
// pump between bench and the gateway with no HTTP at all. One thread, a
// level-triggered epoll waited in by syscall, one read and one write per
// readiness. It is a measure, not a relay: Linux only, plain TCP on
// 127.0.0.1, no error recovery. Run on demand, against `keydoctor mock`:
//
//	KD_PEER_KEY=sk-mock-0123456789abcdef0123 keydoctor mock --addr 127.0.0.1:18080 --key-env KD_PEER_KEY &
//	go run scripts/floor/relayfloor.go 18086 18080 &
//	KD_PEER_KEY=sk-mock-0123456789abcdef0123 keydoctor bench --preset custom \
//	  --base-url http://127.0.0.1:18086/api --key-env KD_PEER_KEY --model gpt-4o -c 256 -n 512
//
// The arguments are its port and the gateway's. Each connection bench
// opens is paired with a new one to the gateway (during bench's warm-up),
// and bytes pass both ways unchanged: the gateway sees bench's Host.
package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"syscall"
)

func main() {
	lport, _ := strconv.Atoi(os.Args[1])
	uport, _ := strconv.Atoi(os.Args[2])
	runtime.LockOSThread()
	ln, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_NONBLOCK|syscall.SOCK_CLOEXEC, 0)
	check(err)
	check(syscall.SetsockoptInt(ln, syscall.SOL_SOCKET, syscall.SO_REUSEADDR, 1))
	check(syscall.Bind(ln, &syscall.SockaddrInet4{Port: lport, Addr: [4]byte{127, 0, 0, 1}}))
	check(syscall.Listen(ln, 4096))
	ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	check(err)
	add := func(fd int) {
		check(syscall.EpollCtl(ep, syscall.EPOLL_CTL_ADD, fd, &syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(fd)}))
	}
	add(ln)
	peer := map[int]int{}
	buf := make([]byte, 64<<10)
	events := make([]syscall.EpollEvent, 256)
	fmt.Println("relayfloor on", lport, "to", uport)
	for {
		n, err := syscall.EpollWait(ep, events, -1)
		if err == syscall.EINTR {
			continue
		}
		check(err)
		for _, ev := range events[:n] {
			fd := int(ev.Fd)
			if fd == ln {
				c, _, err := syscall.Accept4(ln, syscall.SOCK_NONBLOCK|syscall.SOCK_CLOEXEC)
				if err != nil {
					continue
				}
				u, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
				check(err)
				check(syscall.Connect(u, &syscall.SockaddrInet4{Port: uport, Addr: [4]byte{127, 0, 0, 1}}))
				check(syscall.SetNonblock(u, true))
				syscall.SetsockoptInt(c, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1)
				syscall.SetsockoptInt(u, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1)
				peer[c], peer[u] = u, c
				add(c)
				add(u)
				continue
			}
			p, ok := peer[fd]
			if !ok {
				continue
			}
			r, err := syscall.Read(fd, buf)
			if err == syscall.EAGAIN {
				continue
			}
			if r <= 0 {
				syscall.Close(fd)
				syscall.Close(p)
				delete(peer, fd)
				delete(peer, p)
				continue
			}
			for off := 0; off < r; {
				w, err := syscall.Write(p, buf[off:r])
				if err == syscall.EAGAIN {
					continue // loopback drains fast; a measure, not a server
				}
				if err != nil {
					break
				}
				off += w
			}
		}
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "relayfloor:", err)
		os.Exit(1)
	}
}
