//go:build !windows

package winacl

// Read is the DACL of the file at path: Windows only.
func Read(string) (DACL, error) { return DACL{}, ErrUnsupported }

// Tighten does nothing here: the file's mode says who reads it.
func Tighten(string) (bool, error) { return false, nil }

// SetPrivate gives the file an owner-only DACL: Windows only (elsewhere
// the file's mode does that, and this does nothing).
func SetPrivate(string) error { return nil }

// SDDL is a file's DACL in SDDL: Windows only (the mode says it here).
func SDDL(string) (string, error) { return "", nil }

// SetSDDL puts a DACL back: Windows only.
func SetSDDL(string, string) error { return nil }
