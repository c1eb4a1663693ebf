package main

import (
	"context"
	"os"
	"strconv"
	"sync"

	"github.com/keydoctor/keydoctor/internal/lock"
	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["holdlock"] = scriptHoldLock
	scriptCmds["releaselock"] = scriptReleaseLock
}

// heldLocks are the write locks scripts hold, by script.
var heldLocks sync.Map // *testscript.TestScript -> *lock.Lock

// scriptHoldLock takes keydoctor's write lock in DIR from the test process
// itself, as another keydoctor would, and sets $HOLDER_PID: holdlock DIR.
// The script's keydoctor runs then find it taken, with no timing involved.
func scriptHoldLock(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: holdlock DIR")
	}
	l, err := lock.Acquire(context.Background(), ts.MkAbs(args[0]), lock.Options{Command: "test"})
	ts.Check(err)
	heldLocks.Store(ts, l)
	ts.Defer(func() { l.Release() })
	ts.Setenv("HOLDER_PID", strconv.Itoa(os.Getpid()))
}

// scriptReleaseLock lets go of the lock holdlock took: releaselock.
func scriptReleaseLock(ts *testscript.TestScript, neg bool, args []string) {
	v, ok := heldLocks.LoadAndDelete(ts)
	if neg || len(args) != 0 || !ok {
		ts.Fatalf("usage: releaselock (after holdlock)")
	}
	ts.Check(v.(*lock.Lock).Release())
}
