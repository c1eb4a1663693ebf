package tomledit

import (
	"bytes"
	"fmt"
)

// tscan splits valid TOML into statements. It runs only on documents
// go-toml has accepted, so it needs to be exact, not forgiving: anything
// unexpected is an error and the edit is refused.
type tscan struct {
	b []byte
	i int
}

func (s *tscan) errorf(format string, args ...any) error {
	return fmt.Errorf("toml edit: byte %d: %s", s.i, fmt.Sprintf(format, args...))
}

func (s *tscan) peek() byte {
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *tscan) has(p string) bool { return bytes.HasPrefix(s.b[s.i:], []byte(p)) }

func (s *tscan) blanks() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t') {
		s.i++
	}
}

func (s *tscan) atEOL() bool { return s.i >= len(s.b) || s.has("\n") || s.has("\r\n") }

// restOfLine accepts blanks and a comment, then the line ending.
func (s *tscan) restOfLine() error {
	s.blanks()
	if s.peek() == '#' {
		for s.i < len(s.b) && s.b[s.i] != '\n' {
			s.i++
		}
	}
	switch {
	case s.i >= len(s.b):
		return nil
	case s.has("\r\n"):
		s.i += 2
	case s.has("\n"):
		s.i++
	default:
		return s.errorf("unexpected %q", s.peek())
	}
	return nil
}

func (s *tscan) stmt() (tomlStmt, error) {
	st := tomlStmt{start: s.i}
	s.blanks()
	switch {
	case s.atEOL() || s.peek() == '#':
		st.kind = stmtBlank
	case s.peek() == '[':
		st.kind = stmtHeader
		s.i++
		if s.peek() == '[' {
			st.array = true
			s.i++
		}
		s.blanks()
		key, err := s.key()
		if err != nil {
			return st, err
		}
		st.key = key
		s.blanks()
		closing := "]"
		if st.array {
			closing = "]]"
		}
		if !s.has(closing) {
			return st, s.errorf("expected %s", closing)
		}
		s.i += len(closing)
	default:
		st.kind = stmtKeyVal
		key, err := s.key()
		if err != nil {
			return st, err
		}
		st.key = key
		s.blanks()
		if s.peek() != '=' {
			return st, s.errorf("expected =")
		}
		s.i++
		s.blanks()
		st.valStart = s.i
		if err := s.value(); err != nil {
			return st, err
		}
		st.valEnd = s.i
	}
	err := s.restOfLine()
	st.end = s.i
	return st, err
}

// key reads a dotted key of bare and quoted parts.
func (s *tscan) key() ([]string, error) {
	var parts []string
	for {
		start := s.i
		switch s.peek() {
		case '"', '\'':
			if err := s.str(); err != nil {
				return nil, err
			}
			parts = append(parts, unquoteTOMLKey(string(s.b[start:s.i])))
		default:
			for s.i < len(s.b) && isBareKeyByte(s.b[s.i]) {
				s.i++
			}
			if s.i == start {
				return nil, s.errorf("expected a key")
			}
			parts = append(parts, string(s.b[start:s.i]))
		}
		s.blanks()
		if s.peek() != '.' {
			return parts, nil
		}
		s.i++
		s.blanks()
	}
}

func isBareKeyByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// value reads one value; arrays and inline tables may span lines.
func (s *tscan) value() error {
	switch s.peek() {
	case '"', '\'':
		return s.str()
	case '[', '{':
		return s.nested()
	}
	// Numbers, booleans, dates (which may hold one space): up to a comment
	// or the line ending, trailing blanks excluded.
	end := s.i
	for !s.atEOL() && s.peek() != '#' {
		s.i++
		if c := s.b[s.i-1]; c != ' ' && c != '\t' {
			end = s.i
		}
	}
	s.i = end
	return nil
}

func (s *tscan) nested() error {
	depth := 0
	for s.i < len(s.b) {
		switch c := s.b[s.i]; c {
		case '"', '\'':
			if err := s.str(); err != nil {
				return err
			}
			continue
		case '#':
			for s.i < len(s.b) && s.b[s.i] != '\n' {
				s.i++
			}
			continue
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				s.i++
				return nil
			}
		}
		s.i++
	}
	return s.errorf("unclosed array or inline table")
}

// str reads a basic, literal or multi-line string.
func (s *tscan) str() error {
	q := s.peek()
	triple := string([]byte{q, q, q})
	if s.has(triple) {
		s.i += 3
		for s.i < len(s.b) {
			if q == '"' && s.b[s.i] == '\\' {
				s.i += 2
				continue
			}
			if s.has(triple) {
				s.i += 3
				// up to two more quotes belong to the content
				for n := 0; n < 2 && s.peek() == q; n++ {
					s.i++
				}
				return nil
			}
			s.i++
		}
		return s.errorf("unclosed multi-line string")
	}
	s.i++
	for s.i < len(s.b) && s.b[s.i] != '\n' {
		switch c := s.b[s.i]; {
		case c == '\\' && q == '"':
			s.i += 2
			continue
		case c == q:
			s.i++
			return nil
		}
		s.i++
	}
	return s.errorf("unclosed string")
}
