package checks

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// maskKey shows a key as the contract says (gateway.Mask), or "(empty)".
func maskKey(k string) string {
	if k == "" {
		return "(empty)"
	}
	return gateway.Mask(k)
}
