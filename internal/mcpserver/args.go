package mcpserver

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// argError is an argument the server refuses: the agent is told why, and
// nothing ran.
func argError(format string, args ...any) error { return fmt.Errorf(format, args...) }

// scopeArgs turns a Scope into flags: the tool must be one the registry
// knows, the profile one the user stored. Their values are the
// registry's and the store's spelling, never the agent's bytes.
func (h *handler) scopeArgs(s Scope) ([]string, error) {
	var out []string
	if s.Tool != "" {
		t, ok := tool.Lookup(short(s.Tool))
		if !ok {
			return nil, argError("unknown tool %q: use one of %s", clip(s.Tool), strings.Join(toolIDs(), ", "))
		}
		out = append(out, "--tool", string(t.ID))
	}
	if s.Profile != "" {
		var names []string
		if h.o.Profiles != nil {
			names = h.o.Profiles()
		}
		i := slices.Index(names, strings.TrimSpace(short(s.Profile)))
		if i < 0 {
			if len(names) == 0 {
				return nil, argError("unknown profile %q: no profile is stored (leave profile out)", clip(s.Profile))
			}
			return nil, argError("unknown profile %q: use one of %s", clip(s.Profile), strings.Join(names, ", "))
		}
		out = append(out, "--profile", names[i])
	}
	return out, nil
}

func toolIDs() []string {
	var ids []string
	for _, t := range tool.All() {
		ids = append(ids, string(t.ID))
	}
	return ids
}

// short bounds a name before it is looked up: no name is this long.
func short(s string) string {
	if len(s) > 64 {
		return s[:64]
	}
	return s
}

// clip is a refused value as an error may quote it: short, printable.
func clip(s string) string { return printable(short(s)) }

// printable replaces every control byte and invisible character with '?'.
func printable(s string) string {
	s = strings.ToValidUTF8(s, "?")
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || !unicode.IsPrint(r) {
			return '?'
		}
		return r
	}, s)
}

// cleanText is a pasted error text as explain reads it: at most MaxText
// bytes, valid UTF-8, every control byte (escape sequences included) and
// every invisible format character replaced by a space.
func cleanText(s string) (string, error) {
	if len(s) > MaxText {
		s = s[:MaxText]
		for !utf8.ValidString(s) && len(s) > 0 { // do not cut a rune in two
			s = s[:len(s)-1]
		}
	}
	s = strings.ToValidUTF8(s, " ")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || !unicode.IsPrint(r) && !unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "", errors.New("query is empty: give a diagnosis code, an HTTP status or an error message")
	}
	return s, nil
}
