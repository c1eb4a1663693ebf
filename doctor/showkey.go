package doctor

import "github.com/keydoctor/keydoctor/internal/redact"

// ShowKey is a key as a finding shows it: the contract's mask
// (redact.Shown, sk-t****cdef), or "(empty)". Every check, the wire
// ladder's and each tool's own, shows a key through it, so that the one
// deliberate display of a key in doctor's findings is here.
func ShowKey(k string) string {
	if k == "" {
		return "(empty)"
	}
	return redact.Shown(k)
}
