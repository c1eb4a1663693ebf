package selftest

import (
	"bufio"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/mock"
)

// Truth is the fake gateway's timing the issue fixes for the self-test.
var Truth = struct {
	TTFT, TPOT time.Duration
	Tokens     int
}{80 * time.Millisecond, 10 * time.Millisecond, 20}

// InProcess starts the fake gateway in this process. Its CPU and memory
// then count with the client's.
func InProcess(ctx context.Context) (Gateway, func(), error) {
	srv, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{TTFT: Truth.TTFT, TPOT: Truth.TPOT, Tokens: Truth.Tokens})
	if err != nil {
		return Gateway{}, nil, err
	}
	g := Gateway{Root: srv.Root(), Key: mock.DefaultKey, Model: mock.DefaultModels()[0], TTFT: Truth.TTFT, TPOT: Truth.TPOT, Tokens: Truth.Tokens}
	return g, func() { srv.Close() }, nil
}

// Child starts the fake gateway in a child process, so that what this
// process spends is the client's alone. argv is a command that serves it
// and prints "serving ROOT ..." as its first line, e.g. `keydoctor mock
// --addr 127.0.0.1:0 --ttft 80ms --tpot 10ms --tokens 20`. stop kills that
// child (and only it) and waits for it.
func Child(ctx context.Context, argv []string, extraEnv []string) (Gateway, func(), error) {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(cmd.Environ(), extraEnv...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return Gateway{}, nil, err
	}
	if err := cmd.Start(); err != nil {
		return Gateway{}, nil, err
	}
	stop := func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	root, ok := strings.CutPrefix(strings.TrimSpace(line), "serving ")
	if err != nil || !ok {
		stop()
		return Gateway{}, nil, fmt.Errorf("the child gateway did not start (%q): %v", line, err)
	}
	root, _, _ = strings.Cut(root, " ")
	g := Gateway{Root: root, Key: mock.DefaultKey, Model: mock.DefaultModels()[0], TTFT: Truth.TTFT, TPOT: Truth.TPOT,
		Tokens: Truth.Tokens, External: true}
	return g, stop, nil
}

// MockArgs are the `keydoctor mock` arguments that serve Truth.
func MockArgs() []string {
	return []string{"mock", "--addr", "127.0.0.1:0", "--ttft", Truth.TTFT.String(), "--tpot", Truth.TPOT.String(),
		"--tokens", fmt.Sprint(Truth.Tokens)}
}
