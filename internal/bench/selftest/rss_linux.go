package selftest

import (
	"bytes"
	"os"
	"strconv"
)

// rssNow is the process's current resident set size, from
// /proc/self/statm (its second field, in pages).
func rssNow() (uint64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseUint(string(f[1]), 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * uint64(os.Getpagesize()), true
}
