//go:build !unix

package safefile

// nonblock: no FIFO to wait on here (Windows named pipes live under
// \\.\pipe\, not among a repository's files).
const nonblock = 0
