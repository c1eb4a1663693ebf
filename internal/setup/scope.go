package setup

import (
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Scoper is what a tool package implements (its tool.Tool's Impl) when
// setup's --scope chooses which of its settings files it writes: the
// scopes setup may write, the default first.
type Scoper interface {
	SetupScopes() []string
}

// IsScopeTool is a tool whose settings file --scope chooses (its Impl is
// a Scoper), as a filter for tool.Titles.
func IsScopeTool(t tool.Tool) bool { _, ok := t.Impl.(Scoper); return ok }

// Scopes are the values of --scope: every Scoper's scopes, in the
// tools' order.
func Scopes() []string {
	var all []string
	for _, t := range tool.All() {
		if s, ok := t.Impl.(Scoper); ok {
			all = append(all, s.SetupScopes()...)
		}
	}
	return all
}

// ScopeList is the scopes --scope takes, for help and errors: "user,
// project or local".
func ScopeList() string {
	all := Scopes()
	if n := len(all); n > 1 {
		return strings.Join(all[:n-1], ", ") + " or " + all[n-1]
	}
	return strings.Join(all, "")
}

// CheckScope refuses a --scope no tool has ("" is the default).
func CheckScope(scope string) error {
	if scope == "" || slices.Contains(Scopes(), scope) {
		return nil
	}
	return &gateway.UsageError{Msg: fmt.Sprintf("--scope must be %s, not %q", ScopeList(), scope)}
}
