package writers

import "github.com/keydoctor/keydoctor/internal/redact"

// secretsShown are the strings to mask when showing c: what its writer
// listed, and every secret-looking value of both sides, so that a removed
// file or a restored one is masked like an edited one.
func (c *Change) secretsShown() []string {
	out := append([]string(nil), c.secrets...)
	return append(out, c.shown.values(c.Old, c.New)...)
}

// shownMemo keeps the secret values found in a change's two sides: the
// plan's diff, each of its notes and its report all ask, and scanning a
// large file each time made setup slow in the size of the file times the
// number of notes.
type shownMemo struct {
	old, new []byte
	found    []string
	done     bool
}

func (m *shownMemo) values(old, new []byte) []string {
	if !m.done || !same(m.old, old) || !same(m.new, new) {
		m.old, m.new, m.done = old, new, true
		m.found = redact.SecretValues(old, new)
	}
	return m.found
}

// same reports whether a and b are the same bytes in memory (not just
// equal): a side replaced by another slice is scanned again.
func same(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
