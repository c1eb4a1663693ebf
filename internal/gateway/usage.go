package gateway

// UsageError is bad input from the user: exit status 2.
type UsageError struct{ Msg, Hint string }

func (e *UsageError) Error() string { return e.Msg }
