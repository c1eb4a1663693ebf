package restore

import (
	"fmt"
	"io"
	"strings"

	"github.com/keydoctor/keydoctor/internal/status"
)

// WriteText lists the backups, newest first, with what each holds; dir is
// the backup directory as shown, named when there are none.
func (d BackupsDoc) WriteText(w io.Writer, dir string) {
	if len(d.Backups) == 0 {
		fmt.Fprintf(w, "no backups in %s\n", dir)
		return
	}
	for _, b := range d.Backups {
		fmt.Fprintf(w, "%s  %s  %s: %s\n", b.Name, b.Created, b.Command, strings.Join(b.Files, ", "))
		fmt.Fprintf(w, "  %s\n", heldLine(b.Holds))
	}
	fmt.Fprintln(w, "restore one with 'keydoctor restore NAME' or 'keydoctor restore --last'")
}

// heldLine is what a backup holds, for the list.
func heldLine(hs []Held) string {
	if len(hs) == 0 {
		return "holds no gateway setting: the files that run changed did not exist before it or named none"
	}
	var parts []string
	for _, h := range hs {
		parts = append(parts, "gateway "+status.Dash(h.BaseURL)+", model "+status.Dash(h.Model)+" ("+strings.Join(h.Tools, ", ")+")")
	}
	return "holds " + strings.Join(parts, "; ")
}

// WriteText prints what a restore did (or, dry, would do): the diffs of a
// dry run, a row per file, and which backup holds the state before.
func (d Doc) WriteText(w io.Writer) {
	for _, f := range d.Files {
		if d.DryRun {
			fmt.Fprint(w, f.Diff)
		}
	}
	for _, f := range d.Files {
		verb := map[string]string{"update": "restored", "create": "restored", "chmod": "restored", "remove": "removed", "unchanged": "unchanged"}[f.Action]
		if d.DryRun && f.Action != "unchanged" {
			verb = "would " + strings.TrimSuffix(verb, "d")
		}
		fmt.Fprintf(w, "%-15s %s\n", verb, f.Path)
		for _, n := range f.Notes {
			fmt.Fprintf(w, "                note: %s\n", n)
		}
	}
	for _, p := range d.RemovedLeftovers {
		fmt.Fprintf(w, "%-15s %s (left by a keydoctor run that was killed)\n", "removed", p)
	}
	switch {
	case d.DryRun:
		fmt.Fprintf(w, "dry run of backup %s: nothing was written\n", d.Backup)
	case d.NewBackup != "":
		fmt.Fprintf(w, "restored backup %s; the state before is in %s\n", d.Backup, d.NewBackup)
	default:
		fmt.Fprintf(w, "nothing changed: the files already match backup %s\n", d.Backup)
	}
}
