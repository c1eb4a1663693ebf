// Package stop is how a session (verify's, trace's) says why it ends
// without doing its work, for any front end to render: the command line
// turns an Error into its message, hint and exit status; another front end
// (an MCP server) into its own answer.
package stop

import "fmt"

// Error is why a session stops: Usage when the caller's input (a flag,
// an argument) is at fault, else what the session found (the tool's
// files, the turn). Hint says what to do ("" when nothing helps).
type Error struct {
	Usage     bool
	Msg, Hint string
}

func (e *Error) Error() string { return e.Msg }

// Usage is an Error of the caller's input.
func Usage(hint, format string, args ...any) *Error {
	return &Error{Usage: true, Msg: fmt.Sprintf(format, args...), Hint: hint}
}

// Fail is an Error of what the session found.
func Fail(hint, format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...), Hint: hint}
}
