//go:build unix

package gemini

import (
	"os"
	"path/filepath"
	"syscall"
)

// rootOwned reports whether path and every directory above it belong to
// root and are writable by no one else: Gemini CLI reads a system settings
// file only then (docs/tools.md, "Gemini CLI").
func rootOwned(path string) bool {
	for p := filepath.Clean(path); ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return false
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok || st.Uid != 0 || fi.Mode().Perm()&0o022 != 0 {
			return false
		}
		if filepath.Dir(p) == p {
			return true
		}
	}
}
