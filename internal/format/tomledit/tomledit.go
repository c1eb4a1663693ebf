// Package tomledit edits a TOML document and keeps every byte it does not
// own. go-toml/v2 cannot edit a document and keep its comments and
// layout, so this is a small line-level editor for the few keys we own:
// it splits the document into statements (blank/comment lines, table
// headers, key/value pairs, with multi-line strings and arrays kept
// whole), and splices values in place. The planner using it re-parses the
// result with go-toml and compares it with the original, minus its keys;
// writers turns an error of this package into a refused file.
package tomledit

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/format/eol"
)

type stmtKind int

const (
	stmtBlank stmtKind = iota // blank or comment line
	stmtHeader
	stmtKeyVal
)

type tomlStmt struct {
	kind             stmtKind
	key              []string // table path or key path
	array            bool     // [[array of tables]]
	start, end       int      // the whole statement, line ending included
	valStart, valEnd int      // the value of a key/value pair
}

// Doc edits a TOML document statement by statement: only the
// statements we set or remove change, every other byte is kept.
type Doc struct {
	src   []byte
	stmts []tomlStmt
	eol   string
}

// Parse scans src into statements; what it cannot scan is an error.
func Parse(src []byte) (*Doc, error) {
	d := &Doc{src: src, eol: eol.Of(src)}
	return d, d.rescan()
}

func (d *Doc) rescan() error {
	s := &tscan{b: d.src}
	if bytes.HasPrefix(d.src, []byte("\ufeff")) {
		s.i = 3
	}
	d.stmts = d.stmts[:0]
	for s.i < len(s.b) {
		st, err := s.stmt()
		if err != nil {
			return err
		}
		d.stmts = append(d.stmts, st)
	}
	return nil
}

// region is the statements of a table: the root table when path is nil.
// ok is false when the table has no [header] of its own.
func (d *Doc) region(path []string) (hdr, from, to int, ok bool) {
	hdr, from = -1, 0
	if path != nil {
		hdr = -1
		for i, st := range d.stmts {
			if st.kind == stmtHeader && !st.array && equalPath(st.key, path) {
				hdr, from = i, i+1
				break
			}
		}
		if hdr < 0 {
			return -1, 0, 0, false
		}
	}
	to = len(d.stmts)
	for i := from; i < len(d.stmts); i++ {
		if d.stmts[i].kind == stmtHeader {
			to = i
			break
		}
	}
	return hdr, from, to, true
}

func equalPath(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (d *Doc) splice(start, end int, s string) error {
	out := make([]byte, 0, len(d.src)+len(s))
	out = append(out, d.src[:start]...)
	out = append(out, s...)
	d.src = append(out, d.src[end:]...)
	return d.rescan()
}

// Set gives key (one bare key) the encoded TOML value in table path
// (nil: the root table, whose keys must come before the first header).
// A missing table is appended at the end of the document.
func (d *Doc) Set(path []string, key, value string) error {
	hdr, from, to, ok := d.region(path)
	if !ok {
		var b strings.Builder
		if len(d.src) > 0 && !bytes.HasSuffix(d.src, []byte("\n")) {
			b.WriteString(d.eol)
		}
		if len(bytes.TrimSpace(d.src)) > 0 && !bytes.HasSuffix(d.src, []byte("\n\n")) && !bytes.HasSuffix(d.src, []byte("\r\n\r\n")) {
			b.WriteString(d.eol)
		}
		fmt.Fprintf(&b, "[%s]%s%s = %s%s", strings.Join(path, "."), d.eol, key, value, d.eol)
		return d.splice(len(d.src), len(d.src), b.String())
	}
	at := -1
	for i := from; i < to; i++ {
		st := d.stmts[i]
		if st.kind != stmtKeyVal {
			continue
		}
		if len(st.key) == 1 && st.key[0] == key {
			if string(d.src[st.valStart:st.valEnd]) == value {
				return nil
			}
			return d.splice(st.valStart, st.valEnd, value)
		}
		at = i
	}
	line := key + " = " + value + d.eol
	switch {
	case at >= 0: // after the last key of the table
		end := d.stmts[at].end
		if end == len(d.src) && !bytes.HasSuffix(d.src, []byte("\n")) {
			line = d.eol + key + " = " + value
		}
		return d.splice(end, end, line)
	case hdr >= 0: // first key, right under the header
		end := d.stmts[hdr].end
		if end == len(d.src) && !bytes.HasSuffix(d.src, []byte("\n")) {
			line = d.eol + key + " = " + value
		}
		return d.splice(end, end, line)
	default: // the root table has no key yet: start of the document
		start := 0
		if bytes.HasPrefix(d.src, []byte("\ufeff")) {
			start = 3
		}
		return d.splice(start, start, line)
	}
}

// Remove deletes key from table path, line and all; it reports whether
// the key was there.
func (d *Doc) Remove(path []string, key string) (bool, error) {
	_, from, to, ok := d.region(path)
	if !ok {
		return false, nil
	}
	for i := from; i < to; i++ {
		st := d.stmts[i]
		if st.kind == stmtKeyVal && len(st.key) == 1 && st.key[0] == key {
			return true, d.splice(st.start, st.end, "")
		}
	}
	return false, nil
}

// Bytes is the edited document.
func (d *Doc) Bytes() []byte { return d.src }

// HasHeader reports whether the document has a [path] header.
func (d *Doc) HasHeader(path []string) bool {
	_, _, _, ok := d.region(path)
	return ok && path != nil
}

// unquoteTOMLKey decodes a quoted key part; basic strings use escapes
// close enough to Go's for keys.
func unquoteTOMLKey(s string) string {
	if strings.HasPrefix(s, "'") {
		return strings.Trim(s, "'")
	}
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return strings.Trim(s, `"`)
}
