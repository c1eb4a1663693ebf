package tool

import "strings"

// The lists of tools a user reads in help and messages, generated from
// the one list (internal/tool/all) so that none of them goes stale when a
// tool is added.

// Titles names the tools keep accepts (every tool when keep is nil) as
// users know them (their Title), in display order, for help: "A, B and
// C".
func Titles(keep func(Tool) bool) string {
	var names []string
	for _, t := range registry {
		if keep == nil || keep(t) {
			names = append(names, t.Title)
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// IsSetup is a tool setup writes (Tool.Setup), as a filter for Titles.
func IsSetup(t Tool) bool { return t.Setup }

// IsAgent is a coding agent: a tool with an executable of its own (not an
// SDK, not a file other programs read).
func IsAgent(t Tool) bool { return t.Binary != "" }

// HelpFor is what the tools add to command's help (Tool.Help), one
// paragraph a tool in display order, each after a blank line; "" when no
// tool adds any.
func HelpFor(command string) string {
	var b strings.Builder
	for _, t := range registry {
		if h := t.Help[command]; h != "" {
			b.WriteString("\n\n" + strings.TrimSpace(h))
		}
	}
	return b.String()
}
