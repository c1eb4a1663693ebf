package plan

import (
	"fmt"
	"io"
)

// verbs name what happened to a file (writers.Change.Action).
var verbs = map[string]string{"create": "created", "update": "updated", "chmod": "chmod", "remove": "removed", "unchanged": "unchanged"}

// Verb is how a report names what happened to a file: "updated", or on
// a dry run what would happen, "would update".
func Verb(action string, dry bool) string {
	if dry && action != "unchanged" {
		return "would " + action
	}
	return verbs[action]
}

// WriteRow writes one line of the table of files a run wrote:
// "updated   ~/.tool/config.toml (tool)". path is as shown to the user.
func WriteRow(w io.Writer, verb, path, tool string) {
	fmt.Fprintf(w, "%-9s %s (%s)\n", verb, path, tool)
}
