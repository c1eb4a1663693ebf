//go:build !unix && !windows

package lock

import "os"

// Systems without flock or LockFileEx (plan9, js, wasip1) run unlocked:
// keydoctor still refuses to overwrite a file that changed since it was
// planned, which is what the lock adds to.
func tryLock(*os.File) error      { return nil }
func lockBlocking(*os.File) error { return nil }
