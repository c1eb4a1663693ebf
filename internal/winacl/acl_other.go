//go:build !windows

package winacl

// Read is the DACL of the file at path: Windows only.
func Read(string) (DACL, error) { return DACL{}, ErrUnsupported }

// SetPrivate gives the file an owner-only DACL: Windows only (elsewhere
// the file's mode does that, and this does nothing).
func SetPrivate(string) error { return nil }
