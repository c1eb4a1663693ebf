package shellprofile

import "strings"

// posixQuote is a single-quoted word of sh, bash and zsh: nothing in it
// expands; a ' ends the quote, is escaped, and reopens it.
func posixQuote(v string) string { return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'" }

// posixUnquote reads back a word posixQuote writes (single-quoted runs
// and \' between them), or a bare word of safe characters.
func posixUnquote(s string) (string, bool) {
	var b strings.Builder
	for len(s) > 0 {
		switch {
		case s[0] == '\'':
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				return "", false
			}
			b.WriteString(s[1 : 1+end])
			s = s[2+end:]
		case strings.HasPrefix(s, `\'`):
			b.WriteByte('\'')
			s = s[2:]
		case strings.ContainsRune(`"$`+"`\\ \t;&|<>()", rune(s[0])):
			return "", false // an expansion or a second word: not what setup writes
		default:
			b.WriteByte(s[0])
			s = s[1:]
		}
	}
	return b.String(), true
}

// fishQuote is a single-quoted word of fish, where \\ and \' are the
// only escapes.
func fishQuote(v string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(v) + "'"
}

func fishUnquote(s string) (string, bool) {
	if len(s) < 2 || s[0] != '\'' || s[len(s)-1] != '\'' {
		return "", false
	}
	var b strings.Builder
	in := s[1 : len(s)-1]
	for i := 0; i < len(in); i++ {
		c := in[i]
		switch {
		case c == '\\' && i+1 < len(in) && (in[i+1] == '\\' || in[i+1] == '\''):
			b.WriteByte(in[i+1])
			i++
		case c == '\'':
			return "", false // an unescaped quote ends the word early
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// psQuote is a PowerShell single-quoted string: nothing expands, a ' is
// doubled.
func psQuote(v string) string { return "'" + strings.ReplaceAll(v, "'", "''") + "'" }

func psUnquote(s string) (string, bool) {
	if len(s) < 2 || s[0] != '\'' || s[len(s)-1] != '\'' {
		return "", false
	}
	in := s[1 : len(s)-1]
	if strings.Count(in, "'")%2 != 0 || strings.ReplaceAll(in, "''", "") != strings.ReplaceAll(in, "'", "") {
		return "", false
	}
	return strings.ReplaceAll(in, "''", "'"), true
}
