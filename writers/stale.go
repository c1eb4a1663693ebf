package writers

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/keydoctor/keydoctor/internal/atomicfile"
)

// removeStale removes what a killed run can leave behind next to the
// plan's files and in the backups (RemoveStale).
func (p *Plan) removeStale(o ApplyOptions) ([]string, error) {
	var dirs []string
	for _, c := range p.Changes {
		dirs = append(dirs, filepath.Dir(c.target))
	}
	return RemoveStale(o.BackupRoot, o.Since, dirs...)
}

// RemoveStale removes what a killed run can leave behind: temporary copies
// in dirs and in the backups under backupRoot, and backup directories that
// never got their manifest (a run killed while backing up, before it wrote
// any tool file). The caller holds the write lock, taken at since, so
// nothing it removes belongs to a write in progress. Every writer calls it
// on its next run (Apply, and the commands that change only keydoctor's
// own files): a killed run's copy may hold a key.
func RemoveStale(backupRoot string, since time.Time, dirList ...string) ([]string, error) {
	dirs := map[string]bool{}
	for _, d := range dirList {
		dirs[filepath.Clean(d)] = true
	}
	o := ApplyOptions{BackupRoot: backupRoot, Since: since}
	if o.BackupRoot != "" {
		dirs[o.BackupRoot] = true
		entries, _ := os.ReadDir(o.BackupRoot)
		for _, e := range entries {
			if e.IsDir() {
				dirs[filepath.Join(o.BackupRoot, e.Name())] = true
			}
		}
	}
	var removed []string
	var errs []error
	for _, dir := range sortedKeys(dirs) {
		if filepath.Dir(dir) == filepath.Clean(o.BackupRoot) && incompleteBackup(dir, o) {
			if err := os.RemoveAll(dir); err != nil {
				errs = append(errs, err)
			} else {
				removed = append(removed, dir)
			}
			continue
		}
		r, err := atomicfile.RemoveStale(dir, o.Since)
		removed = append(removed, r...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	return removed, errors.Join(errs...)
}

// incompleteBackup is a backup directory without a manifest, made before
// the lock was taken: its run was killed before writing any tool file.
func incompleteBackup(dir string, o ApplyOptions) bool {
	if _, err := os.Lstat(filepath.Join(dir, "manifest.json")); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	fi, err := os.Lstat(dir)
	return err == nil && fi.IsDir() && fi.ModTime().Before(o.Since)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
