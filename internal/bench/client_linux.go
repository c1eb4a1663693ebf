package bench

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// readOSWait sums /proc/self/task/*/schedstat: per thread, time on a CPU,
// time waiting on a run queue (ns), and the number of runs.
func readOSWait() osWait {
	d, err := os.Open("/proc/self/task")
	if err != nil {
		return osWait{}
	}
	defer d.Close()
	tids, err := d.Readdirnames(-1)
	if err != nil {
		return osWait{}
	}
	w := osWait{ok: true}
	for _, tid := range tids {
		b, err := os.ReadFile("/proc/self/task/" + tid + "/schedstat")
		if err != nil {
			continue // the thread ended meanwhile
		}
		f := strings.Fields(string(b))
		if len(f) < 3 {
			continue
		}
		waited, err1 := strconv.ParseUint(f[1], 10, 64)
		runs, err2 := strconv.ParseUint(f[2], 10, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		w.waited += time.Duration(waited)
		w.runs += runs
	}
	return w
}
