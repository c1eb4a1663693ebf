//go:build windows

package procgroup

import (
	"os/exec"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// own makes the job object cmd's process will join once it runs
// (started), and makes cancelling cmd end the whole job: the processes
// cmd starts join it too. Killing only cmd.exe (an apiKeyHelper's shell,
// an npm .cmd shim) left the program it ran running, holding the project
// directory open. Without a job (none could be made, or the process could
// not join it), cancelling ends cmd's own process, exec's default. A
// process started in the instant before cmd joined the job is not in it.
func own(cmd *exec.Cmd) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return
	}
	g := &group{job: job}
	jobs.Store(cmd, g)
	runtime.AddCleanup(cmd, func(h windows.Handle) { windows.CloseHandle(h) }, job)
	cmd.Cancel = func() error {
		if !g.joined.Load() || windows.TerminateJobObject(job, 1) != nil {
			return cmd.Process.Kill()
		}
		waitEmpty(job)
		return nil
	}
}

// started puts cmd's process, when it ok started, in the job own made
// for it.
func started(cmd *exec.Cmd, ok bool) {
	v, made := jobs.LoadAndDelete(cmd)
	if !made || !ok {
		return
	}
	g := v.(*group)
	proc, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(cmd.Process.Pid))
	if err != nil {
		return
	}
	defer windows.CloseHandle(proc)
	if windows.AssignProcessToJobObject(g.job, proc) == nil {
		g.joined.Store(true)
	}
}

// group is a job object and whether cmd's process joined it.
type group struct {
	job    windows.Handle
	joined atomic.Bool
}

// jobs holds, between own and started, the job made for each command.
var jobs sync.Map // *exec.Cmd → *group

// waitEmpty waits, a bounded while, until every process of a terminated
// job has ended, so that what they held open (the working directory, a
// file) is free when the caller goes on. Termination is asynchronous.
func waitEmpty(job windows.Handle) {
	var info basicAccounting
	for range 200 {
		err := windows.QueryInformationJobObject(job, windows.JobObjectBasicAccountingInformation,
			uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)), nil)
		if err != nil || info.ActiveProcesses == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// basicAccounting is JOBOBJECT_BASIC_ACCOUNTING_INFORMATION, which
// x/sys/windows does not declare.
type basicAccounting struct {
	TotalUserTime, TotalKernelTime                       int64
	ThisPeriodTotalUserTime, ThisPeriodTotalKernelTime   int64
	TotalPageFaultCount, TotalProcesses, ActiveProcesses uint32
	TotalTerminatedProcesses                             uint32
}
