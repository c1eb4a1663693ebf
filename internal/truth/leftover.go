package truth

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A turn must not leave a process running: a tool may start a daemon in
// a session of its own (a hub or server process), which ending the turn's
// process group does not reach. Each case's home is a fresh temporary
// directory, so a process whose environment says HOME=that directory was
// started by the turn (or by something it started) and by nothing else:
// that is the proof the harness needs before it ends one.

// Leftover is a process a turn left running.
type Leftover struct {
	PID     int
	Command string // its command line, arguments joined by spaces
	// InGroup: it is still in the turn's process group (a child that was
	// finishing as the turn ended, such as a shell it ran), which
	// ending the turn ends; not: it left the group (a daemon in a session
	// of its own), which nothing of the turn's would end.
	InGroup bool
}

// leftovers lists the processes whose environment has HOME=home (Linux's
// /proc; elsewhere none are found); group is the turn's process group.
func leftovers(home string, group int) []Leftover {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []Leftover
	for _, en := range entries {
		pid, err := strconv.Atoi(en.Name())
		if err != nil || pid == os.Getpid() || !startedWith(pid, home) {
			continue
		}
		cmd, _ := os.ReadFile(filepath.Join("/proc", en.Name(), "cmdline"))
		out = append(out, Leftover{PID: pid, Command: strings.TrimSpace(string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '}))),
			InGroup: group > 0 && groupOf(pid) == group})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PID < out[j].PID })
	return out
}

// groupOf is process pid's process group (0 when unknown): the fifth
// field of /proc/PID/stat, after the command name in parentheses.
func groupOf(pid int) int {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:])) // state, ppid, pgrp, …
	if len(f) < 3 {
		return 0
	}
	g, _ := strconv.Atoi(f[2])
	return g
}

// escaped are the leftovers that left the turn's process group.
func escaped(left []Leftover) []Leftover {
	var out []Leftover
	for _, l := range left {
		if !l.InGroup {
			out = append(out, l)
		}
	}
	return out
}

// startedWith reports whether process pid's environment has HOME=home.
func startedWith(pid int, home string) bool {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "environ"))
	if err != nil {
		return false
	}
	want := []byte("HOME=" + home)
	for _, kv := range bytes.Split(b, []byte{0}) {
		if bytes.Equal(kv, want) {
			return true
		}
	}
	return false
}

// stop ends the processes a turn left, each checked again just before
// (a pid the system gave to another process since is left alone).
func stop(left []Leftover, home string) {
	for _, l := range left {
		if !startedWith(l.PID, home) {
			continue
		}
		if p, err := os.FindProcess(l.PID); err == nil {
			_ = p.Kill()
		}
	}
}

// describe says which processes were left, for a difference.
func describe(left []Leftover) string {
	parts := make([]string, len(left))
	for i, l := range left {
		parts[i] = strconv.Itoa(l.PID) + " (" + l.Command + ")"
	}
	return strings.Join(parts, ", ")
}

// leftoversSeen reports whether this system lets leftovers be found
// (/proc): elsewhere a predicted leftover cannot be checked.
func leftoversSeen() bool {
	_, err := os.Stat("/proc/self/environ")
	return err == nil
}

// settleFor is how long a process that left the turn's group may take to
// end by itself once the turn has: a shell the tool ran in a group of its
// own ends within moments of the tool, as its pipe closes; a daemon is
// still there (docs/tools.md names the tools seen doing each).
const settleFor = 3 * time.Second

// settled are the leftovers once those that left the group have had
// settleFor to end by themselves (polled, so a turn that leaves nothing
// waits for nothing).
func settled(home string, group int) []Leftover {
	deadline := time.Now().Add(settleFor)
	for {
		left := leftovers(home, group)
		if len(escaped(left)) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(50 * time.Millisecond)
	}
}
