//go:build unix

package safefile

import "syscall"

// nonblock makes opening a FIFO return at once instead of waiting for a
// writer; it changes nothing for a regular file.
const nonblock = syscall.O_NONBLOCK
