//go:build unix

package main

import (
	"bytes"
	"context"
	"net"
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

// TestReadmeTryItRuns pastes the README's "Try it" block whole into bash,
// as a new user would, with the built binary as ./keydoctor and the fake
// gateways on free ports: every command succeeds (none reaches a mock
// that does not listen yet) and the last line stops both mocks.
func TestReadmeTryItRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := tryItBlock(t, string(readme))
	dir := testutil.TempDir(t)
	if err := os.Symlink(builtKeydoctor(t), filepath.Join(dir, "keydoctor")); err != nil {
		t.Fatal(err)
	}
	for _, port := range []string{"8765", "8766"} {
		block = strings.ReplaceAll(block, "127.0.0.1:"+port, freeAddr(t))
	}
	var script []string
	for i, line := range strings.Split(block, "\n") {
		cmd, _, _ := strings.Cut(line, "#")
		switch cmd = strings.TrimSpace(cmd); {
		case cmd == "", strings.HasPrefix(cmd, "go build"): // the binary is built already
		case strings.HasSuffix(cmd, "&"), strings.HasPrefix(cmd, "kill "):
			script = append(script, cmd)
		default:
			script = append(script, cmd+` || echo "README-FAILED: line `+itoa(i)+`"`)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	sh := exec.CommandContext(ctx, bash, "-c", strings.Join(script, "\n")+"\nwait\necho README-DONE")
	sh.Dir = dir
	sh.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "NO_COLOR=1", "TERM=dumb"}
	sh.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // the mocks go with the shell if the test fails
	t.Cleanup(func() {
		if sh.Process != nil {
			_ = syscall.Kill(-sh.Process.Pid, syscall.SIGKILL)
		}
	})
	var out bytes.Buffer
	sh.Stdout, sh.Stderr = &out, &out
	_ = sh.Run()
	got := out.String()
	if strings.Contains(got, "README-FAILED") || !strings.Contains(got, "README-DONE") {
		t.Fatalf("the Try it block failed when pasted whole:\n%s", got)
	}
	for _, want := range []string{"listening: ", "stream-buffered"} {
		if !strings.Contains(got, want) {
			t.Errorf("the Try it block printed no %q:\n%s", want, got)
		}
	}
}

// freeAddr is a loopback address nothing listened on a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func itoa(i int) string { return strconv.Itoa(i) }
