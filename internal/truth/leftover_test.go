package truth

import (
	"os/exec"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

// TestLeftoversFindsTheTurnsOwn: a process started with the case's home
// is found and ended; one with another home is not touched.
func TestLeftoversFindsTheTurnsOwn(t *testing.T) {
	if !leftoversSeen() {
		t.Skip("no /proc here: leftovers cannot be found")
	}
	home, other := testutil.TempDir(t), testutil.TempDir(t)
	start := func(h string) *exec.Cmd {
		cmd := exec.Command("cat") // blocks on its open stdin until ended
		cmd.Env = []string{"HOME=" + h, "PATH=/usr/bin:/bin"}
		if _, err := cmd.StdinPipe(); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Skip("cannot start cat: ", err)
		}
		return cmd
	}
	ours, theirs := start(home), start(other)
	t.Cleanup(func() { _ = theirs.Process.Kill(); _ = theirs.Wait() })
	left := leftovers(home, 0)
	if len(left) != 1 || left[0].PID != ours.Process.Pid || left[0].Command != "cat" || left[0].InGroup || len(escaped(left)) != 1 {
		t.Fatalf("leftovers = %+v, want only cat %d", left, ours.Process.Pid)
	}
	stop(left, home)
	if err := ours.Wait(); err == nil {
		t.Error("cat ended by itself, not by stop")
	}
	if got := leftovers(home, 0); len(got) != 0 {
		t.Errorf("after stop: %+v", got)
	}
	if got := leftovers(other, groupOf(theirs.Process.Pid)); len(got) != 1 || got[0].PID != theirs.Process.Pid || !got[0].InGroup || len(escaped(got)) != 0 {
		t.Errorf("the other home's process: %+v", got)
	}
}
