//go:build !linux

package selftest

// rssNow is not sampled outside Linux; the Go runtime's figure stands in.
func rssNow() (uint64, bool) { return 0, false }
