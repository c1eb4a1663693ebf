package gateway

import (
	"strings"
	"unicode"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// KeyProblem is why a key cannot be used as it is.
type KeyProblem struct {
	Code   catalog.Code // key-malformed or key-placeholder
	Reason string
}

// placeholders are what guides and templates put where the key should go.
var placeholders = []string{
	"your-key", "your_key", "yourkey", "your-api-key", "your_api_key", "api-key-here",
	"sk-xxx", "xxxx", "changeme", "replace-me", "replace_me", "<", ">", "你的", "密钥", "...",
}

// CheckKey finds what is wrong with a key, or returns nil. Checks that the
// key is accepted by the gateway belong to the wire checks, not here.
func CheckKey(key string) *KeyProblem {
	if strings.TrimSpace(key) == "" {
		return &KeyProblem{catalog.KeyPlaceholder, "the key is empty"}
	}
	switch {
	case strings.HasPrefix(key, "\ufeff"):
		return &KeyProblem{catalog.KeyMalformed, "the key starts with a byte-order mark (it was copied from a file saved as UTF-8 with BOM)"}
	case strings.ContainsAny(key, "\r\n"):
		return &KeyProblem{catalog.KeyMalformed, "the key contains a line break (CR or LF)"}
	case strings.ContainsAny(key, " \t"):
		return &KeyProblem{catalog.KeyMalformed, "the key contains white space"}
	case strings.ContainsAny(key, `"'`+"`"):
		return &KeyProblem{catalog.KeyMalformed, "the key contains a quote character"}
	}
	for _, r := range key {
		if unicode.IsControl(r) || r == '\u200b' || r == '\u00a0' {
			return &KeyProblem{catalog.KeyMalformed, "the key contains an invisible or control character"}
		}
	}
	lower := strings.ToLower(key)
	for _, p := range placeholders {
		if strings.Contains(lower, p) {
			return &KeyProblem{catalog.KeyPlaceholder, "the key looks like a placeholder (" + p + "), not a real key"}
		}
	}
	for _, r := range key {
		if r > unicode.MaxASCII {
			return &KeyProblem{catalog.KeyPlaceholder, "the key contains non-ASCII text, which real keys never do"}
		}
	}
	return nil
}
