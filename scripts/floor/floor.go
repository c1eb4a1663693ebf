//go:build ignore

// floor measures the least CPU a client on this machine spends on bench's
// closed-loop workload, for comparing with `keydoctor bench` (issue 31):
// one thread, a level-triggered epoll waited in with RawSyscall (the
// runtime is not told, so sysmon does not hand the P to another thread),
// one recvmsg with SO_TIMESTAMPNS per readiness, and no HTTP library: it
// finds only each chunked answer's end and counts its "data:" lines. It is
// a measure, not a client: Linux only, plain HTTP to 127.0.0.1, no error
// recovery. Run on demand, against `keydoctor mock`:
//
//	KD_PEER_KEY=sk-mock-0123456789abcdef0123 keydoctor mock --addr 127.0.0.1:18080 --key-env KD_PEER_KEY &
//	KD_PEER_KEY=sk-mock-0123456789abcdef0123 go run scripts/floor/floor.go 18080 256 768
//
// The arguments are the mock's port, the streams, and the requests (bench
// -c 256 -n 512 sends 768 with its warm-up of one per stream). It prints the
// requests, events, stamped reads and its own user and system CPU. It asks
// for the usage chunk, as bench does.
package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"unsafe"
)

type conn struct {
	fd     int
	tail   []byte // the answer's last bytes, to see its end across reads
	events int
}

var end = []byte("\r\n0\r\n\r\n") // the last chunk of a chunked answer

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: go run floor.go PORT STREAMS REQUESTS")
		os.Exit(2)
	}
	runtime.LockOSThread()
	port, _ := strconv.Atoi(os.Args[1])
	streams, _ := strconv.Atoi(os.Args[2])
	total, _ := strconv.Atoi(os.Args[3])
	body := `{"model":"gpt-4o","stream":true,"max_tokens":64,"messages":[{"role":"user","content":"Say hello."}],"stream_options":{"include_usage":true}}`
	req := []byte("POST /api/v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
		os.Getenv("KD_PEER_KEY") + "\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\n" +
		"Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)

	ep, err := syscall.EpollCreate1(0)
	check(err)
	conns := map[int32]*conn{}
	sent := 0
	for range streams {
		fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
		check(err)
		check(syscall.Connect(fd, &syscall.SockaddrInet4{Port: port, Addr: [4]byte{127, 0, 0, 1}}))
		check(syscall.SetsockoptInt(fd, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1))
		check(syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_TIMESTAMPNS, 1))
		check(syscall.SetNonblock(fd, true))
		conns[int32(fd)] = &conn{fd: fd}
		check(syscall.EpollCtl(ep, syscall.EPOLL_CTL_ADD, fd, &syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(fd)}))
		_, err = syscall.Write(fd, req)
		check(err)
		sent++
	}

	done, stamped := 0, 0
	ready := make([]syscall.EpollEvent, 256)
	buf, oob := make([]byte, 4096), make([]byte, 64)
	for done < total {
		r, _, en := syscall.RawSyscall6(syscall.SYS_EPOLL_PWAIT, uintptr(ep), uintptr(unsafe.Pointer(&ready[0])),
			uintptr(len(ready)), ^uintptr(0), 0, 0)
		if en == syscall.EINTR {
			continue
		}
		check(errno(en))
		for _, e := range ready[:r] {
			c := conns[e.Fd]
			n, oobn, err := recvmsg(c.fd, buf, oob)
			if err == syscall.EAGAIN {
				continue
			}
			check(err)
			if n == 0 {
				check(fmt.Errorf("the gateway closed a connection"))
			}
			if oobn > 0 {
				stamped++
			}
			c.events += bytes.Count(buf[:n], []byte("data:"))
			c.tail = append(c.tail, buf[:n]...)
			if bytes.HasSuffix(c.tail, end) {
				done++
				c.tail = c.tail[:0]
				if sent < total {
					_, err := syscall.Write(c.fd, req)
					check(err)
					sent++
				}
			} else if len(c.tail) > len(end) {
				c.tail = append(c.tail[:0], c.tail[len(c.tail)-len(end):]...)
			}
		}
	}

	var ru syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	events := 0
	for _, c := range conns {
		events += c.events
	}
	fmt.Printf("requests %d events %d stamped reads %d user %.3f s sys %.3f s\n", done, events, stamped,
		seconds(ru.Utime), seconds(ru.Stime))
}

// recvmsg is one read with its control messages, by RawSyscall: the
// socket is non-blocking.
func recvmsg(fd int, p, oob []byte) (n, oobn int, err error) {
	iov := syscall.Iovec{Base: &p[0]}
	iov.SetLen(len(p))
	msg := syscall.Msghdr{Iov: &iov, Iovlen: 1, Control: &oob[0]}
	msg.SetControllen(len(oob))
	r, _, en := syscall.RawSyscall(syscall.SYS_RECVMSG, uintptr(fd), uintptr(unsafe.Pointer(&msg)), 0)
	if en != 0 {
		return 0, 0, en
	}
	return int(r), int(msg.Controllen), nil
}

func errno(en syscall.Errno) error {
	if en == 0 {
		return nil
	}
	return en
}

func seconds(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
}
