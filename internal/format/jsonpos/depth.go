package jsonpos

import "fmt"

// MaxDepth is how deeply arrays and objects may nest in a file keydoctor
// reads or edits: the TOML decoder's own limit, thousands of times what a
// settings file holds, and far below what would overflow the stack of a
// parser that recurses once per level (hujson's does: a settings.json
// nested 1,000,000 deep crashed setup).
const MaxDepth = 10000

// CheckDepth refuses JSON or JSON with comments that nests arrays and
// objects more than MaxDepth deep, at the bracket that goes too deep. One
// pass, no recursion: strings and comments are skipped, everything else
// is left to the parsers.
func CheckDepth(data []byte) error {
	depth := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '/':
			switch {
			case i+1 < len(data) && data[i+1] == '/':
				for i += 2; i < len(data) && data[i] != '\n'; i++ {
				}
			case i+1 < len(data) && data[i+1] == '*':
				for i += 2; i+1 < len(data) && (data[i] != '*' || data[i+1] != '/'); i++ {
				}
				i++
			}
		case '[', '{':
			if depth++; depth > MaxDepth {
				return At(data, i, fmt.Sprintf("arrays and objects are nested more than the maximum of %d levels deep", MaxDepth))
			}
		case ']', '}':
			depth--
		}
	}
	return nil
}
