// Package dotenv parses and edits .env files without disturbing them: a
// File keeps the bytes it was read from, and Set splices a new value into
// the place of the old one, so comments, blank lines, order, `export`
// prefixes, CRLF line endings, a byte-order mark, the final newline and
// every unrelated key stay byte-for-byte.
//
// The syntax is the common one of python-dotenv, node dotenv and godotenv:
//
//	# comment
//	[export ]KEY=value            # trailing comment after white space
//	KEY='literal, may span lines'
//	KEY="escapes \n \" \\ \$, may span lines"
package dotenv

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/keydoctor/keydoctor/internal/format/eol"
)

// bom is the UTF-8 byte-order mark some editors put at the start.
var bom = []byte("\ufeff")

// SyntaxError is a line that is not a comment, a blank line or an
// assignment. Line and Col are 1-based; Col counts characters.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Entry is one assignment.
type Entry struct {
	Key    string
	Value  string // unquoted and unescaped
	Line   int    // 1-based line of the key
	Export bool   // written as `export KEY=...`
	Quote  byte   // 0 (bare), '\'' or '"'

	// valStart and valEnd are the byte span of the value as written,
	// quotes included: what Set replaces.
	valStart, valEnd int
}

// File is a parsed .env file that remembers its bytes.
type File struct {
	raw     []byte
	entries []Entry
}

// Parse reads a .env file. Anything it does not understand is a
// *SyntaxError, so that an edit never guesses.
func Parse(data []byte) (*File, error) {
	raw := append([]byte(nil), data...)
	entries, err := parse(raw)
	if err != nil {
		return nil, err
	}
	return &File{raw: raw, entries: entries}, nil
}

// Bytes returns the file's current content.
func (f *File) Bytes() []byte { return append([]byte(nil), f.raw...) }

// Entries returns every assignment in file order (duplicates included).
func (f *File) Entries() []Entry { return append([]Entry(nil), f.entries...) }

// Get returns the value of key as the usual loaders see it (the last
// assignment wins) and whether the key is present.
func (f *File) Get(key string) (string, bool) {
	for i := len(f.entries) - 1; i >= 0; i-- {
		if f.entries[i].Key == key {
			return f.entries[i].Value, true
		}
	}
	return "", false
}

// Set gives key the value. Every assignment of key is rewritten in place
// (so no duplicate can disagree); a missing key is appended at the end.
// Nothing else changes. It reports whether the bytes changed.
func (f *File) Set(key, value string) (bool, error) {
	if !validKey(key) {
		return false, fmt.Errorf("dotenv: %q is not a variable name", key)
	}
	if !utf8.ValidString(value) {
		return false, fmt.Errorf("dotenv: the value of %s is not valid UTF-8", key)
	}
	out := f.raw
	found := false
	// Splice from the last entry backwards so earlier offsets stay valid.
	for i := len(f.entries) - 1; i >= 0; i-- {
		e := f.entries[i]
		if e.Key != key {
			continue
		}
		found = true
		if e.Value == value {
			continue
		}
		enc := encode(value, e.Quote)
		out = splice(out, e.valStart, e.valEnd, enc)
	}
	if !found {
		out = appendLine(out, key+"="+encode(value, 0))
	}
	if bytes.Equal(out, f.raw) {
		return false, nil
	}
	entries, err := parse(out)
	if err != nil { // cannot happen: encode only writes what parse reads
		return false, fmt.Errorf("dotenv: internal error re-reading after setting %s: %w", key, err)
	}
	if v, _ := (&File{entries: entries}).Get(key); v != value {
		return false, fmt.Errorf("dotenv: internal error: %s did not round-trip", key)
	}
	f.raw, f.entries = out, entries
	return true, nil
}

func splice(b []byte, start, end int, s string) []byte {
	out := make([]byte, 0, len(b)-(end-start)+len(s))
	out = append(out, b[:start]...)
	out = append(out, s...)
	return append(out, b[end:]...)
}

// appendLine adds one line, in the file's line-ending style, keeping
// whether the file ended in a newline.
func appendLine(b []byte, line string) []byte {
	nl := eol.Of(b)
	body := bytes.TrimPrefix(b, bom)
	out := append([]byte(nil), b...)
	switch {
	case len(body) == 0:
		return append(append(out, line...), nl...)
	case bytes.HasSuffix(body, []byte("\n")):
		return append(append(out, line...), nl...)
	default: // no final newline: keep it that way
		return append(append(out, nl...), line...)
	}
}

func validKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if !isKeyByte(k[i], i == 0) {
			return false
		}
	}
	return true
}

func isKeyByte(c byte, first bool) bool {
	switch {
	case c == '_', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		return true
	case c >= '0' && c <= '9', c == '.':
		return !first
	}
	return false
}
