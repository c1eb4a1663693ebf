package h1stream

import (
	"os"
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// turn is the loop goroutine's state.
type turn struct {
	l     *Loop
	ep    int
	epoll *os.File        // ep, in Go's poller: the loop parks there
	rc    syscall.RawConn // epoll's
	byFD  map[int32]*exchange
	heads []*exchange // exchanges whose head has a deadline
	due   time.Time   // the soonest of their deadlines (zero: none)
	set   time.Time   // the deadline set on epoll
	ended bool        // an exchange ended this turn: its caller is ready
	buf   []byte
	oob   [64]byte
	n     int // events epoll reported
	// events is what epoll reported; waitFn is wait's read, bound once.
	events [128]syscall.EpollEvent
	waitFn func(fd uintptr) bool
}

// run is the loop's goroutine: it runs while any exchange does.
func (l *Loop) run() {
	t := &turn{l: l, byFD: make(map[int32]*exchange), buf: make([]byte, 16<<10)}
	t.waitFn = t.poll
	wake, err := t.open()
	l.mu.Lock()
	if err != nil {
		// No loop: every waiting request fails with the reason.
		queue := l.queue
		l.queue, l.cancels, l.running = nil, nil, false
		l.mu.Unlock()
		for _, x := range queue {
			syscall.Close(x.c.fd)
			x.err = err
			close(x.done)
		}
		return
	}
	l.wakeFD = wake
	l.mu.Unlock()
	for {
		l.mu.Lock()
		queue, cancels := l.queue, l.cancels
		l.queue, l.cancels = nil, nil
		if len(queue) == 0 && len(cancels) == 0 && len(t.byFD) == 0 {
			l.running, l.wakeFD = false, -1
			syscall.Close(wake) // under l.mu: see wakeLocked
			l.mu.Unlock()
			t.epoll.Close()
			return
		}
		l.mu.Unlock()
		for _, x := range queue {
			t.start(x)
		}
		for _, x := range cancels {
			if x.phase != ended {
				t.fail(x, x.ctx.Err())
			}
		}
		if t.ended {
			// The callers whose answers ended go on at once: on one P,
			// a loop that always finds events would never let them.
			t.ended = false
			runtime.Gosched()
		}
		t.wait()
		for _, ev := range t.events[:t.n] {
			if int(ev.Fd) == wake {
				var b [8]byte
				syscall.RawSyscall(syscall.SYS_READ, uintptr(wake), uintptr(unsafe.Pointer(&b[0])), 8)
				continue
			}
			if x := t.byFD[ev.Fd]; x != nil {
				t.ready(x, ev.Events)
			}
		}
		t.expire()
	}
}

// open makes the loop's epoll, in Go's poller, and its eventfd in it.
func (t *turn) open() (wake int, err error) {
	ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return -1, os.NewSyscallError("epoll_create1", err)
	}
	if err := syscall.SetNonblock(ep, true); err != nil {
		syscall.Close(ep)
		return -1, os.NewSyscallError("fcntl", err)
	}
	t.ep, t.epoll = ep, os.NewFile(uintptr(ep), "epoll") // non-blocking: in the poller
	if t.rc, err = t.epoll.SyscallConn(); err != nil {
		t.epoll.Close()
		return -1, err
	}
	fd, _, e := syscall.RawSyscall(syscall.SYS_EVENTFD2, 0, syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if e != 0 {
		t.epoll.Close()
		return -1, os.NewSyscallError("eventfd2", e)
	}
	wake = int(fd)
	if err := syscall.EpollCtl(ep, syscall.EPOLL_CTL_ADD, wake, &syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(wake)}); err != nil {
		syscall.Close(wake)
		t.epoll.Close()
		return -1, os.NewSyscallError("epoll_ctl", err)
	}
	return wake, nil
}

// wait takes what epoll has ready; with nothing ready and nothing
// submitted, it parks in Go's poller until epoll has some, or the
// soonest head deadline. Parked, the loop holds no P: an idle client's
// process sleeps, timers and signals run as anywhere else in Go.
func (t *turn) wait() {
	l := t.l
	l.mu.Lock()
	l.sleeping = len(l.queue) == 0 && len(l.cancels) == 0
	park := l.sleeping
	l.mu.Unlock()
	if !park { // more to start first: only what is ready now
		t.n = t.pollNow()
		return
	}
	if !t.due.Equal(t.set) {
		t.epoll.SetReadDeadline(t.due)
		t.set = t.due
	}
	if err := t.rc.Read(t.waitFn); err != nil {
		t.n = 0 // the deadline: expire follows
	}
	l.mu.Lock()
	l.sleeping = false
	l.mu.Unlock()
}

// poll is wait's read: done when epoll has something.
func (t *turn) poll(uintptr) bool {
	t.n = t.pollNow()
	return t.n > 0
}

// pollNow is one epoll_pwait that does not wait, by raw syscall.
func (t *turn) pollNow() int {
	n, _, e := syscall.RawSyscall6(syscall.SYS_EPOLL_PWAIT, uintptr(t.ep), uintptr(unsafe.Pointer(&t.events[0])),
		uintptr(len(t.events)), 0, 0, 0)
	if e != 0 {
		return 0
	}
	return int(n)
}

// expire fails the exchanges whose head is overdue and notes when the
// next one falls due.
func (t *turn) expire() {
	if len(t.heads) == 0 || time.Now().Before(t.due) {
		return
	}
	now := time.Now()
	kept, due := t.heads[:0], time.Time{}
	for _, x := range t.heads {
		if x.phase != awaitingHead {
			continue
		}
		if !now.Before(x.headline) {
			t.fail(x, timeoutError{})
			continue
		}
		if due.IsZero() || x.headline.Before(due) {
			due = x.headline
		}
		kept = append(kept, x)
	}
	clear(t.heads[len(kept):])
	t.heads, t.due = kept, due
}
