//go:build unix

package procgroup

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

// A tool whose wrapper starts the real binary (as npm's node shims do):
// when the turn is cancelled the binary ends with the wrapper, rather
// than being left running as an orphan. The child holds a FIFO open: its
// end of file is the child's exit (the deadline only bounds a failure).
func TestRunToolEndsTheToolsChildren(t *testing.T) {
	dir := testutil.TempDir(t)
	fifo := filepath.Join(dir, "child")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	wrapper := filepath.Join(dir, "tool")
	script := "#!/bin/sh\nsh -c 'echo $$ >&4; exec sleep 300' 4>'" + fifo + "' &\nwait\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		cmd := exec.CommandContext(ctx, wrapper)
		cmd.Stdout, cmd.Stderr = &bytes.Buffer{}, &bytes.Buffer{} // pipes, as verify's
		cmd.WaitDelay = 3 * time.Second
		done <- Run(cmd)
	}()
	f, err := os.OpenFile(fifo, os.O_RDONLY, 0) // returns once the child holds it
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := bufio.NewReader(f)
	line, err := r.ReadString('\n')
	child, _ := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || child <= 0 {
		t.Fatalf("the child did not say its pid: %q %v", line, err)
	}
	cancel()
	<-done
	f.SetReadDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.Copy(io.Discard, r); err != nil {
		syscall.Kill(child, syscall.SIGKILL)
		t.Errorf("the tool's child %d outlived the cancelled turn: %v", child, err)
	}
}
