// Package eol is the one rule every editor of a user's text file follows
// for line breaks: a line it adds ends the way the file's first line does,
// so that a CRLF file gets no bare LF.
package eol

import "bytes"

// Of is "\r\n" when the first line of b ends so, else "\n" (a file of one
// line, or none, gets LF).
func Of(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i > 0 && b[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// HasBareLF reports a line feed without the carriage return before it:
// in a CRLF file, a line some edit broke the rule for.
func HasBareLF(b []byte) bool {
	for i := bytes.IndexByte(b, '\n'); i >= 0; {
		if i == 0 || b[i-1] != '\r' {
			return true
		}
		j := bytes.IndexByte(b[i+1:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}
