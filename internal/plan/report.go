package plan

import (
	"fmt"
	"io"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/writers"
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

// WriteBackup writes the line naming a run's backup (shown as the user
// reads its path) and how to undo the run.
func WriteBackup(w io.Writer, shown string) {
	fmt.Fprintf(w, "backup    %s (undo with 'keydoctor restore --last')\n", shown)
}

// WriteResult writes the table of the files res wrote, then its backup.
func WriteResult(w io.Writer, e *env.Env, res *writers.Result) {
	for _, c := range res.Written {
		WriteRow(w, Verb(c.Action(), false), e.Tilde(c.Path), string(c.Tool))
	}
	if res.Backup != "" {
		WriteBackup(w, e.Tilde(res.Backup))
	}
}
