//go:build unix

package main

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/mock"
)

// Ctrl-C (SIGINT) ends a run with the shells' status 130, not 1, so that a
// script can tell an interruption from a failure (issue 30 item 11). The
// signal is sent once the run has said it started (its plan line on
// stderr), never after a guessed delay.
func TestInterruptExits130(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// The first token never comes in time: the run is still waiting when
	// the signal arrives.
	srv, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{Prefix: "/api", Key: key, TTFT: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	h := newUserHome(t, self)
	h.Env = append(h.Env, "TAOTOKEN_API_KEY="+key, "TAOTOKEN_BASE_URL="+srv.Root(), "TAOTOKEN_MODEL=gpt-4o")
	cmd := h.Command("bench", "-n", "2", "-c", "1", "--warmup", "0", "--timeout", "50m")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	var seen []string
	for lines.Scan() {
		seen = append(seen, lines.Text())
		if strings.HasPrefix(lines.Text(), "bench: planned") {
			break
		}
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	for lines.Scan() {
		seen = append(seen, lines.Text())
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Fatalf("exit %v, want %d; stderr:\n%s", err, exitInterrupted, strings.Join(seen, "\n"))
	}
	if out := strings.Join(seen, "\n"); !strings.Contains(out, "interrupted") || strings.Contains(out, key) {
		t.Errorf("stderr:\n%s", out)
	}
}
