//go:build !linux

package writers

// lockedAttr: only Linux has chattr's flags here (BSD's chflags schg
// gives EPERM, reported as is).
func lockedAttr(string) string { return "" }
