package lock

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

func TestSecondAcquireNamesTheHolder(t *testing.T) {
	dir := filepath.Join(testutil.TempDir(t), "config", "keydoctor")
	l, err := Acquire(context.Background(), dir, Options{Command: "setup"})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	// Windows has no modes (ACLs instead: the directory inherits the
	// profile's, readable by its owner only).
	if fi, err := os.Stat(dir); runtime.GOOS != "windows" && (err != nil || fi.Mode().Perm() != 0o700) {
		t.Errorf("config dir: %v %v, want 0700", err, fi)
	}
	if fi, err := os.Stat(l.Path); runtime.GOOS != "windows" && (err != nil || fi.Mode().Perm() != 0o600) {
		t.Errorf("lock file: %v %v, want 0600", err, fi)
	}
	_, err = Acquire(context.Background(), dir, Options{Command: "restore"})
	var be *BusyError
	if !errors.As(err, &be) {
		t.Fatalf("second acquire: %v, want a BusyError", err)
	}
	if be.Holder.PID != os.Getpid() || be.Holder.Command != "setup" {
		t.Errorf("holder %+v, want pid %d setup", be.Holder, os.Getpid())
	}
	if want := fmt.Sprintf("keydoctor setup (pid %d) is writing files", os.Getpid()); !strings.Contains(err.Error(), want) {
		t.Errorf("message %q lacks %q", err, want)
	}
	l.Release()
	l2, err := Acquire(context.Background(), dir, Options{})
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	l2.Release()
}

// A waiter is told who holds the lock, then gets it when the holder lets
// go: synchronised on the OnWait call, not on time.
func TestWaiterGetsTheLockOnRelease(t *testing.T) {
	dir := testutil.TempDir(t)
	l, err := Acquire(context.Background(), dir, Options{Command: "setup"})
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan Holder, 1)
	got := make(chan error, 1)
	go func() {
		l2, err := Acquire(context.Background(), dir, Options{Command: "restore", Wait: time.Hour, OnWait: func(h Holder) { waiting <- h }})
		if err == nil {
			l2.Release()
		}
		got <- err
	}()
	if h := <-waiting; h.PID != os.Getpid() {
		t.Errorf("OnWait holder %+v", h)
	}
	l.Release()
	if err := <-got; err != nil {
		t.Fatalf("waiter: %v", err)
	}
}

func TestWaitEnds(t *testing.T) {
	dir := testutil.TempDir(t)
	l, err := Acquire(context.Background(), dir, Options{Command: "setup"})
	if err != nil {
		t.Fatal(err)
	}
	var be *BusyError
	// The holder never lets go: any wait ends busy, however long it is.
	if _, err := Acquire(context.Background(), dir, Options{Wait: time.Millisecond}); !errors.As(err, &be) {
		t.Errorf("short wait: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Acquire(ctx, dir, Options{Wait: time.Hour}); !errors.As(err, &be) {
		t.Errorf("cancelled wait: %v", err)
	}
	// Cancelled while it waits (or just before: either way it ends busy).
	ctx, cancel = context.WithCancel(context.Background())
	if _, err := Acquire(ctx, dir, Options{Wait: time.Hour, OnWait: func(Holder) { go cancel() }}); !errors.As(err, &be) {
		t.Errorf("wait cancelled while waiting: %v", err)
	}
	l.Release()
	// The abandoned waits may hold the lock for an instant when it frees:
	// wait for it rather than try once.
	l2, err := Acquire(context.Background(), dir, Options{Wait: time.Hour})
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	l2.Release()
	// The abandoned attempts get the lock in turn and close their files;
	// until then Windows cannot remove the test's directory.
	abandoned.Wait()
}

// TestKilledHolderFreesTheLock: the kernel drops the lock of a process
// killed with SIGKILL.
func TestKilledHolderFreesTheLock(t *testing.T) {
	dir := testutil.TempDir(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperHoldLock$")
	cmd.Env = append(os.Environ(), "LOCK_HELPER_DIR="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdin, _ := cmd.StdinPipe()
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "locked\n" {
		t.Fatalf("helper said %q, %v", line, err)
	}
	_, err = Acquire(context.Background(), dir, Options{})
	var be *BusyError
	if !errors.As(err, &be) || be.Holder.PID != cmd.Process.Pid || be.Holder.Command != "helper" {
		t.Fatalf("while the helper holds it: %v", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	l, err := Acquire(context.Background(), dir, Options{Wait: time.Hour})
	if err != nil {
		t.Fatalf("after the holder was killed: %v", err)
	}
	l.Release()
}

func TestHelperHoldLock(t *testing.T) {
	dir := os.Getenv("LOCK_HELPER_DIR")
	if dir == "" {
		t.Skip("run by TestKilledHolderFreesTheLock")
	}
	if _, err := Acquire(context.Background(), dir, Options{Command: "helper"}); err != nil {
		t.Fatal(err)
	}
	fmt.Println("locked")
	bufio.NewReader(os.Stdin).ReadString('\n') // until killed
}

func TestHolderString(t *testing.T) {
	for h, want := range map[Holder]string{
		{}:                         "another keydoctor",
		{PID: 7}:                   "keydoctor (pid 7)",
		{PID: 7, Command: "setup"}: "keydoctor setup (pid 7)",
	} {
		if got := h.String(); got != want {
			t.Errorf("%+v: %q, want %q", h, got, want)
		}
	}
}
