package claude

import "github.com/keydoctor/keydoctor/internal/discover"

// Lookup is State.lookup, for the precedence test.
func Lookup(st State, name string, shell discover.Value) discover.Value {
	return st.lookup(name, shell)
}
