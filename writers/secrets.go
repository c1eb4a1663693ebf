package writers

import "github.com/keydoctor/keydoctor/internal/redact"

// secretsShown are the strings to mask when showing c: what its writer
// listed, and every secret-looking value of both sides, so that a removed
// file or a restored one is masked like an edited one.
func (c *Change) secretsShown() []string {
	out := append([]string(nil), c.secrets...)
	out = append(out, redact.SecretValues(c.Old)...)
	return append(out, redact.SecretValues(c.New)...)
}
