// Package writers puts the gateway triple into each tool's files. Every
// writer only plans: it reads its files and returns the Changes it would
// make. One shared Diff shows a Plan and one shared Apply carries it out
// (backup, atomic replace, permissions, rollback), so a dry run and a real
// run cannot disagree.
package writers

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/winacl"
)

// Change is the planned new content of one file.
type Change struct {
	Tool gateway.ToolID
	// Also are the other tools whose planner edited this change further
	// (a file two tools read, planned once: Options.ReadPlanned).
	Also []gateway.ToolID
	Path string // as the tool names it (may be a symlink)

	target  string // the file really written: Path with symlinks resolved
	Existed bool
	Old     []byte
	New     []byte // nil with Remove
	Remove  bool   // restore: the file did not exist before setup
	OldMode fs.FileMode
	Mode    fs.FileMode
	// oldACL is the file's DACL before the run (SDDL; Windows only): the
	// rewritten file keeps it, as it keeps the mode, and a backup records
	// it. acl is the one to write: oldACL, or a backup's on restore.
	oldACL, acl string
	// aclAsBacked: acl is a backup's, put back as it was even where
	// others could read (restore, as with the mode): not tightened.
	aclAsBacked bool
	uid         int
	gid         int
	// Secret: the file holds a key, so it must not be readable by others
	// (0600; on Windows an owner-only DACL when its own lets others read).
	Secret bool
	// openTo are the groups whose read access an edit of the mode alone
	// removes from the DACL on Windows (EditSecretMode): the file is
	// rewritten even though no byte and no mode bit changes.
	openTo []string
	// Notes say what a reader of the diff would otherwise miss: a removed
	// conflicting variable, a tightened mode, a key that nothing reads.
	Notes []string
	// secrets are strings to mask wherever the change is shown: our key
	// and any key-like value already in the file.
	secrets []string
	shown   shownMemo // secretsShown's scan of Old and New (secrets.go)
	// order: lower applies first (.gitignore before the .env it protects).
	order int
}

// Target is the file written: Path with symlinks resolved.
func (c *Change) Target() string { return c.target }

// PlannedBy reports whether tool id's planner planned this change (as
// its Tool, or Also).
func (c *Change) PlannedBy(id gateway.ToolID) bool {
	return c.Tool == id || slices.Contains(c.Also, id)
}

// Changed reports whether applying c would touch the disk.
func (c *Change) Changed() bool {
	if c.Remove {
		return c.Existed
	}
	return !c.Existed || !bytes.Equal(c.Old, c.New) || c.Mode != c.OldMode || len(c.openTo) > 0
}

// Action names what happens to the file.
func (c *Change) Action() string {
	switch {
	case !c.Changed():
		return "unchanged"
	case c.Remove:
		return "remove"
	case !c.Existed:
		return "create"
	case bytes.Equal(c.Old, c.New):
		return "chmod"
	}
	return "update"
}

// Secrets are the strings to mask when showing this change.
func (c *Change) Secrets() []string { return c.secrets }

// AddSecrets adds strings to mask wherever the change is shown: a key
// the file already held that the edit replaces or removes.
func (c *Change) AddSecrets(s ...string) {
	for _, v := range s {
		if v != "" {
			c.secrets = append(c.secrets, v)
		}
	}
}

// Notef adds a note a reader of the diff would otherwise miss.
func (c *Change) Notef(format string, args ...any) {
	c.Notes = append(c.Notes, fmt.Sprintf(format, args...))
}

// RefusedError is a file setup will not edit: it does not parse, is a
// directory, is read-only, is a dangling symlink. Line and Col are 0 when
// the problem is not at a position in the file.
type RefusedError struct {
	Path      string
	Line, Col int
	Reason    string
	Hint      string
}

// Text is the refusal as a command says it: the file as the user names
// it (shown), its line and column when known, and the hint after
// "nothing was written".
func (e *RefusedError) Text(shown func(path string) string) (msg, hint string) {
	msg = shown(e.Path) + ": " + e.Reason
	if e.Line > 0 {
		msg = fmt.Sprintf("%s: line %d, column %d: %s", shown(e.Path), e.Line, e.Col, e.Reason)
	}
	hint = "nothing was written"
	if e.Hint != "" {
		hint += "; " + e.Hint
	}
	return msg, hint
}

func (e *RefusedError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s: line %d, column %d: %s", e.Path, e.Line, e.Col, e.Reason)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Reason)
}

// Refuse is a RefusedError not at a position in the file.
func Refuse(path, hint, format string, args ...any) *RefusedError {
	return &RefusedError{Path: path, Reason: fmt.Sprintf(format, args...), Hint: hint}
}

// ReadFile reads what is at path for editing: the content, mode and owner
// of the file it names, following symlinks. A missing file is not an
// error (Existed is false); anything setup must not edit is a
// *RefusedError.
func ReadFile(path string) (*Change, error) { return readFileFor(path, false) }

// readFileFor is ReadFile; modeOnly accepts a read-only file, for an edit
// that tightens its mode and changes no byte (a 0444 key file the user
// owns is made 0400: being read-only is no reason to leave it readable
// by everyone).
func readFileFor(path string, modeOnly bool) (*Change, error) {
	// A new file is not chowned: it belongs to whoever runs keydoctor.
	c := &Change{Path: path, target: canonical(path), uid: -1, gid: -1}
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return c, checkParents(path)
	}
	if err != nil {
		return nil, Refuse(path, "", "cannot read it: %v", unwrapPath(err))
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return nil, brokenLink(path)
		}
		c.target = canonical(target)
		if fi, err = os.Stat(target); err != nil {
			return nil, Refuse(path, "", "cannot read it: %v", unwrapPath(err))
		}
	}
	switch {
	case fi.IsDir():
		return nil, Refuse(path, "move the directory away; a file belongs here", "is a directory, not a file")
	case !fi.Mode().IsRegular():
		return nil, Refuse(path, "", "is %s, not a regular file", safefile.Kind(fi.Mode()))
	case fi.Mode().Perm()&0o200 == 0 && !modeOnly:
		return nil, Refuse(path, fmt.Sprintf("make it writable (%s) or leave this tool out with --tools", makeWritable(path)), "is read-only (mode %04o)", fi.Mode().Perm())
	}
	if err := notLocked(path, c.target); err != nil {
		return nil, err
	}
	data, err := safefile.ReadFile(c.target)
	if errors.Is(err, safefile.ErrTooLarge) || errors.Is(err, safefile.ErrNotRegular) {
		return nil, Refuse(path, "shrink or remove the file, or leave this tool out with --tools", "%v", unwrapPath(err))
	}
	if err != nil {
		return nil, Refuse(path, "", "cannot read it: %v", unwrapPath(err))
	}
	c.Existed, c.Old = true, data
	c.OldMode, c.Mode = filePerm(fi), filePerm(fi)
	if c.oldACL, err = winacl.SDDL(c.target); err != nil {
		return nil, Refuse(path, "", "cannot read its permissions: %v", unwrapPath(err))
	}
	c.acl = c.oldACL
	c.uid, c.gid = fileOwner(fi)
	if n := hardLinks(fi); n > 1 {
		// The atomic replace gives this name a new file: the other names
		// keep the old content. Say so rather than break it silently.
		others := "the other name keeps"
		if n > 2 {
			others = fmt.Sprintf("the other %d names keep", n-1)
		}
		c.Notef("has %d hard links: the rewritten file replaces this name only; %s the old content", n, others)
	}
	if euid := os.Geteuid(); c.uid >= 0 && euid >= 0 && euid != 0 && c.uid != euid {
		c.Notef("belongs to uid %d: the rewritten file will belong to you (uid %d)", c.uid, euid)
	}
	return c, nil
}

// notLocked refuses a file (or the directory it is replaced in) that
// chattr made immutable or append-only: no one, root included, may
// rename over it, and "make it writable" would not help.
func notLocked(path, target string) error {
	for _, p := range []string{target, filepath.Dir(target)} {
		if attr := lockedAttr(p); attr != "" {
			flag := map[string]string{"immutable": "i", "append-only": "a"}[attr]
			what := "is"
			if p != target {
				what = "is in the directory " + p + ", which is"
			}
			return Refuse(path, fmt.Sprintf("clear the attribute (as root: chattr -%s %s), or leave this tool out with --tools", flag, p),
				"%s %s (chattr +%s): no one, root included, may replace it", what, attr, flag)
		}
	}
	return nil
}

// brokenLink is the refusal of a symlink that leads to no file: a loop
// (every link on the way exists), a dangling one, or one keydoctor may
// not follow.
func brokenLink(path string) *RefusedError {
	link, _ := os.Readlink(path)
	_, err := os.Stat(path)
	switch {
	case errors.Is(err, syscall.ELOOP):
		// The links as written, until one leads back to path.
		chain, at, closed := []string{filepath.Base(path)}, path, false
		for i := 0; i < 4 && !closed; i++ {
			next, err := os.Readlink(at)
			if err != nil {
				break
			}
			chain = append(chain, next)
			if !filepath.IsAbs(next) {
				next = filepath.Join(filepath.Dir(at), next)
			}
			at, closed = next, filepath.Clean(next) == filepath.Clean(path)
		}
		if !closed {
			chain = append(chain, "…")
		}
		return Refuse(path, "make it a file, or point the link at one", "is a symlink loop (%s): it never reaches a file", strings.Join(chain, " -> "))
	case err == nil || errors.Is(err, fs.ErrNotExist):
		return Refuse(path, "point the link at an existing file or remove it", "is a symlink to %s, which does not exist", link)
	}
	return Refuse(path, "", "is a symlink to %s, which cannot be followed: %v", link, unwrapPath(err))
}

// canonical is the one spelling of the file path names, whatever spelling
// a check or a writer used ("./.env", "~/proj/.env", a symlinked
// directory): absolute, cleaned, with the symlinks of its directory
// resolved as the rename into it resolves them. Two changes of one file
// are then seen as one (Plan.add, Plan.find).
func canonical(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

// checkParents refuses a path whose parent exists but is not a directory.
func checkParents(path string) error {
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		fi, err := os.Stat(dir)
		if err == nil {
			if !fi.IsDir() {
				return Refuse(path, "", "cannot be created: %s is not a directory", dir)
			}
			return nil
		}
		if next := filepath.Dir(dir); next == dir {
			return nil
		}
	}
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Finish sets the mode of a planned file: a new file gets mode (0600 for
// secrets); an existing secret file that others can read is tightened.
func (c *Change) Finish(secret bool, newMode fs.FileMode) {
	c.Secret = secret
	if !c.Existed {
		c.Mode = newMode
		if secret {
			c.Mode = 0o600
		}
		return
	}
	if secret && c.OldMode&0o077 != 0 {
		c.Mode = 0o600
		c.Notef("mode tightened from %04o to 0600: the file holds a key", c.OldMode)
	}
}
