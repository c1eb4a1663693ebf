//go:build windows

package procgroup

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

// childArg makes this test binary the program a shell runs: it says its
// pid and waits to be ended.
const childArg = "procgroup-test-child"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == childArg {
		fmt.Println(os.Getpid())
		time.Sleep(60 * time.Second) // ended long before, or the test fails
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// cmd.exe running a program, as an apiKeyHelper or an npm .cmd shim
// does: when the run is cancelled the program ends with the shell,
// rather than being left running with the shell's directory open.
func TestStartEndsTheShellsChild(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, "cmd.exe")
	cmd.SysProcAttr = &syscall.SysProcAttr{CmdLine: `cmd.exe /d /s /c ""` + os.Args[0] + `" ` + childArg + `"`}
	r, w := io.Pipe()
	cmd.Stdout = w
	cmd.WaitDelay = 3 * time.Second
	if err := Start(cmd); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait(); w.Close() }()
	line, err := bufio.NewReader(r).ReadString('\n')
	child, _ := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || child <= 0 {
		t.Fatalf("the child did not say its pid: %q %v", line, err)
	}
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(child))
	if err != nil {
		t.Fatalf("the child is not running: %v", err)
	}
	defer windows.CloseHandle(h)
	go io.Copy(io.Discard, r)
	cancel()
	<-done
	// The bound only limits a failure: the child is ended, not waited out.
	if ev, err := windows.WaitForSingleObject(h, 30_000); err != nil || ev != windows.WAIT_OBJECT_0 {
		t.Fatalf("the shell's child is still running after the cancel (%d, %v)", ev, err)
	}
}
