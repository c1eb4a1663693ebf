package writers

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/aymanbagabas/go-udiff"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// Plan is every change of one run, planned before anything is written.
type Plan struct {
	Changes []*Change
}

// Add appends changes, refusing two writers planning the same file: the
// second would overwrite the first.
func (p *Plan) Add(cs ...*Change) error {
	for _, c := range cs {
		for _, have := range p.Changes {
			if have.target == c.target {
				return fmt.Errorf("internal error: %s is planned twice (%s and %s)", c.Path, have.Tool, c.Tool)
			}
		}
		p.Changes = append(p.Changes, c)
	}
	sort.SliceStable(p.Changes, func(i, j int) bool { return p.Changes[i].order < p.Changes[j].order })
	return nil
}

// Pending are the changes that would touch the disk.
func (p *Plan) Pending() []*Change {
	var out []*Change
	for _, c := range p.Changes {
		if c.Changed() {
			out = append(out, c)
		}
	}
	return out
}

// Secrets are every string to mask when showing any part of the plan.
func (p *Plan) Secrets() []string {
	var out []string
	for _, c := range p.Changes {
		out = append(out, c.secretsShown()...)
	}
	// Longest first, so a key is masked before any shorter key inside it.
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// Redact masks every secret of the plan in s (redact.MaskSecrets).
func (p *Plan) Redact(s string) string { return redact.MaskSecrets(s, p.Secrets()...) }

// FileDiff is the unified diff of one change, keys masked. name shows a
// path (e.g. with ~ for the home directory).
func (p *Plan) FileDiff(c *Change, name func(string) string) string {
	label := name(c.Path)
	if !c.Changed() {
		return ""
	}
	var b strings.Builder
	if c.Existed && c.Mode != c.OldMode && !c.Remove {
		fmt.Fprintf(&b, "mode %04o -> %04o %s\n", c.OldMode, c.Mode, label)
	}
	if len(c.openTo) > 0 && !c.Remove {
		fmt.Fprintf(&b, "access %s -> owner only %s\n", strings.Join(c.openTo, ", "), label)
	}
	oldLabel, newLabel := label, label
	old, neu := string(c.Old), string(c.New)
	if !c.Existed {
		oldLabel = "/dev/null"
	}
	if c.Remove {
		newLabel, neu = "/dev/null", ""
	}
	if old != neu {
		b.WriteString(udiff.Unified(oldLabel, newLabel, old, neu))
	}
	return p.Redact(b.String())
}

// Diff writes the diff of every pending change.
func (p *Plan) Diff(w io.Writer, name func(string) string) error {
	for _, c := range p.Pending() {
		if _, err := io.WriteString(w, p.FileDiff(c, name)); err != nil {
			return err
		}
	}
	return nil
}
