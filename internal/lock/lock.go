// Package lock serialises keydoctor's writers: every command that writes a
// tool file (setup, restore, and any later one) holds one OS file lock
// under the keydoctor config directory while it plans and writes, so two
// runs at once cannot interleave their edits or roll back over each
// other's writes. The lock is advisory (flock on Unix, LockFileEx on
// Windows): the kernel drops it when the holder exits, even on SIGKILL, so
// a crashed run never leaves the lock taken.
package lock

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// FileName is the lock file inside the keydoctor config directory. It is
// never removed: removing a flock'ed file lets two runs lock two different
// files of the same name.
const FileName = "lock"

// Holder says who holds the lock, as the holder wrote it into the file.
type Holder struct {
	PID     int    // 0 when the holder has not written its pid yet
	Command string // "setup", "restore", …
}

func (h Holder) String() string {
	switch {
	case h.PID == 0:
		return "another keydoctor"
	case h.Command == "":
		return fmt.Sprintf("keydoctor (pid %d)", h.PID)
	}
	return fmt.Sprintf("keydoctor %s (pid %d)", h.Command, h.PID)
}

// BusyError is a lock still held by another process when the wait ended.
type BusyError struct {
	Path   string
	Holder Holder
	Waited time.Duration
}

func (e *BusyError) Error() string {
	return fmt.Sprintf("%s is writing files: %s is still locked after %s", e.Holder, e.Path, e.Waited.Round(time.Millisecond))
}

// Options say how to wait for a lock another process holds.
type Options struct {
	// Command is recorded in the lock file for whoever waits.
	Command string
	// Wait is how long to wait for the holder; zero tries once.
	Wait time.Duration
	// OnWait is called once, before waiting, with the current holder.
	OnWait func(Holder)
}

// Lock is a held lock.
type Lock struct {
	f    *os.File
	Path string
	// Since is when the lock was taken: a temporary file older than this
	// was not written by a live run that holds this lock.
	Since time.Time
}

// Acquire takes the lock in dir (created 0700 if missing), waiting up to
// o.Wait for another holder to release it. A holder that does not release
// it in time is a *BusyError naming its pid.
func Acquire(ctx context.Context, dir string, o Options) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, FileName)
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	holder, err := tryLockOrRead(f)
	if errors.Is(err, errBusy) {
		if o.OnWait != nil && o.Wait > 0 {
			o.OnWait(holder)
		}
		f.Close()
		f, err = wait(ctx, path, o.Wait)
		if errors.Is(err, errBusy) {
			return nil, &BusyError{Path: path, Holder: holderOf(path, holder), Waited: o.Wait}
		}
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	l := &Lock{f: f, Path: path, Since: time.Now()}
	if err := l.record(o.Command); err != nil {
		l.Release()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	return l, nil
}

func open(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
}

// wait blocks in the kernel until the lock is free (no polling), on a
// second open file of its own, for at most d. When the wait ends first,
// the blocked attempt is abandoned: if it succeeds later it closes its
// file at once, which releases the lock again.
func wait(ctx context.Context, path string, d time.Duration) (*os.File, error) {
	if d <= 0 || ctx.Err() != nil {
		return nil, errBusy // nothing to wait for: leave no attempt behind
	}
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() { done <- lockBlocking(f) }()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case err := <-done:
		if err != nil {
			f.Close()
			return nil, err
		}
		return f, nil
	case <-timer.C:
	case <-ctx.Done():
	}
	abandoned.Add(1)
	go func() {
		defer abandoned.Done()
		<-done
		f.Close()
	}()
	return nil, errBusy
}

// abandoned counts the blocked attempts whose wait ended first and that
// still hold their file open. Tests wait for them before removing the
// directory: Windows refuses to delete a file another handle has open.
var abandoned sync.WaitGroup

// tryLockOrRead tries the lock once; when it is busy it returns the
// holder. A holder writes its pid right after locking and erases it when
// it lets go, so an empty record means one of those is under way: look
// again (briefly), so that the pid can be named.
func tryLockOrRead(f *os.File) (Holder, error) {
	delay := time.Millisecond
	for deadline := time.Now().Add(time.Second); ; {
		err := tryLock(f)
		if !errors.Is(err, errBusy) {
			return Holder{}, err
		}
		h := readHolder(f)
		if h.PID != 0 || time.Now().After(deadline) {
			return h, err
		}
		time.Sleep(delay)
		delay = min(2*delay, 50*time.Millisecond)
	}
}

// recordSize is the fixed size of the holder's record, written with one
// write so that a reader sees all of it or nothing.
const recordSize = 64

// record writes "PID COMMAND" into the lock file for waiters to show.
func (l *Lock) record(command string) error {
	rec := fmt.Sprintf("%d %.40s", os.Getpid(), command)
	rec += strings.Repeat(" ", recordSize-1-len(rec)) + "\n"
	_, err := l.f.WriteAt([]byte(rec), 0)
	return err
}

// Release drops the lock. The file stays (see FileName).
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	l.f.Truncate(0)
	err := l.f.Close() // closing the file releases the lock
	l.f = nil
	return err
}

func readHolder(f *os.File) Holder {
	buf := make([]byte, recordSize)
	n, _ := f.ReadAt(buf, 0)
	fields := strings.Fields(string(buf[:n]))
	var h Holder
	if len(fields) > 0 {
		h.PID, _ = strconv.Atoi(fields[0])
	}
	if len(fields) > 1 {
		h.Command = fields[1]
	}
	return h
}

// holderOf reads the holder again (it may have written its pid since the
// wait began), falling back to what was seen first.
func holderOf(path string, first Holder) Holder {
	f, err := os.Open(path)
	if err != nil {
		return first
	}
	defer f.Close()
	if h := readHolder(f); h.PID != 0 {
		return h
	}
	return first
}

// errBusy is a lock another open file holds.
var errBusy = errors.New("locked by another process")
