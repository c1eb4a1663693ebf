package writers

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/atomicfile"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
)

// ManifestSchema names the backup manifest format.
const ManifestSchema = "keydoctor/backup@1"

// Manifest describes one backup: the files a run was about to change,
// as they were before.
type Manifest struct {
	Schema  string         `json:"schema"`
	Created time.Time      `json:"created"`
	Command string         `json:"command"`
	Files   []BackupRecord `json:"files"`
	// State is "begun" in the record a run writes before its first copy:
	// a run killed while backing up is still the last run restore --last
	// finds (its files are as they were: no tool file is written before
	// the manifest is rewritten without State).
	State string `json:"state,omitempty"`

	Dir string `json:"-"` // the backup directory
}

// BackupRecord is one file of a backup.
type BackupRecord struct {
	Tool    gateway.ToolID `json:"tool"`
	Path    string         `json:"path"`
	Target  string         `json:"target"`
	Existed bool           `json:"existed"`
	Mode    string         `json:"mode,omitempty"` // octal, before the run
	ACL     string         `json:"acl,omitempty"`  // Windows: the DACL (SDDL) before the run
	Copy    string         `json:"copy,omitempty"` // file inside the backup directory
	Written string         `json:"written_sha256"` // what the run wrote ("" for a removal)
	Before  string         `json:"before_sha256,omitempty"`
	// Kept: a file of keydoctor's own state (ApplyOptions.Keep), which the
	// run writes after its backup; Written is filled in once it has
	// (SealKept).
	Kept bool `json:"kept,omitempty"`
}

// stateBegun marks a manifest written before the copies (Manifest.State).
const stateBegun = "begun"

// writeBackup copies the current content of every file about to change
// (and of o.Keep, keydoctor's own state) into a new timestamped
// directory, with a manifest; all 0600 in 0700. The manifest is written
// twice: first marked begun, before any copy (a run killed while backing
// up is then still a run restore --last finds), then whole, after the
// copies and before the first tool file is written. A directory without
// one is removed again here on error or by the next run after a crash.
func writeBackup(o ApplyOptions, pending []*Change) (dir string, err error) {
	if err := os.MkdirAll(o.BackupRoot, 0o700); err != nil {
		return "", err
	}
	now := o.Now.UTC()
	if now.IsZero() {
		now = time.Now().UTC()
	}
	base := now.Format("20060102T150405.000Z")
	dir = filepath.Join(o.BackupRoot, base)
	for i := 2; ; i++ {
		err := os.Mkdir(dir, 0o700)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
		dir = filepath.Join(o.BackupRoot, fmt.Sprintf("%s-%d", base, i))
	}
	made := dir
	defer func() {
		if err != nil {
			os.RemoveAll(made)
		}
	}()
	kept, err := keptChanges(o.Keep, pending)
	if err != nil {
		return "", err
	}
	all := append(append([]*Change{}, pending...), kept...)
	m := Manifest{Schema: ManifestSchema, Created: now, Command: o.Command, State: stateBegun}
	for i, c := range all {
		r := BackupRecord{Tool: c.Tool, Path: c.Path, Target: c.target, Existed: c.Existed, Kept: i >= len(pending)}
		if !c.Remove && !r.Kept {
			r.Written = sum(c.New)
		}
		if c.Existed {
			r.Mode = fmt.Sprintf("%04o", c.OldMode)
			r.ACL = c.oldACL
			r.Before = sum(c.Old)
			r.Copy = fmt.Sprintf("%02d-%s", i+1, filepath.Base(c.Path))
		}
		m.Files = append(m.Files, r)
	}
	if err := writeManifest(dir, m); err != nil {
		return "", err
	}
	for i, c := range all {
		if r := m.Files[i]; r.Copy != "" {
			if err := backupWrite(filepath.Join(dir, r.Copy), c.Old, private); err != nil {
				return "", err
			}
		}
	}
	m.State = ""
	return dir, writeManifest(dir, m)
}

func writeManifest(dir string, m Manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return backupWrite(filepath.Join(dir, "manifest.json"), append(b, '\n'), private)
}

// SealKept records in the backup in dir what the run left in the files it
// kept (ApplyOptions.Keep) once it has written them, so that a restore
// notes one changed since, as it does a tool file. A file that is missing
// keeps no checksum.
func SealKept(dir string) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	changed := false
	for i, r := range m.Files {
		if !r.Kept {
			continue
		}
		data, err := safefile.ReadFile(r.Target)
		if err != nil {
			continue
		}
		if w := sum(data); w != r.Written {
			m.Files[i].Written, changed = w, true
		}
	}
	if !changed {
		return nil
	}
	return writeManifest(dir, *m)
}

// keptChanges reads the files of keydoctor's own state a backup keeps
// besides the plan's (the profile store), as they are before the run
// changes them; one the plan writes already is not read twice. A record
// of one has no written checksum: the run writes it after its backup.
func keptChanges(keep []string, pending []*Change) ([]*Change, error) {
	var out []*Change
next:
	for _, path := range keep {
		c, err := ReadFile(path)
		if err != nil {
			return nil, err
		}
		for _, have := range append(pending, out...) {
			if have.target == c.target {
				continue next
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// backupWrite writes one file of a backup; tests make it fail.
var backupWrite = atomicfile.Write

// private is a backup file: 0600 (an owner-only DACL on Windows: copies
// hold keys), owned by whoever runs keydoctor.
var private = atomicfile.Options{Mode: 0o600, Private: true, UID: -1, GID: -1}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Backups lists the backups under root, newest first. Directories without
// a readable manifest are skipped.
func Backups(root string) ([]*Manifest, error) {
	entries, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []*Manifest
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		m, err := ReadManifest(filepath.Join(root, e.Name()))
		if err != nil {
			continue
		}
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return filepath.Base(out[i].Dir) > filepath.Base(out[j].Dir) })
	return out, nil
}

// ReadManifest reads one backup directory.
func ReadManifest(dir string) (*Manifest, error) {
	b, err := safefile.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "manifest.json"), err)
	}
	if m.Schema != ManifestSchema {
		return nil, fmt.Errorf("%s: unknown schema %q", dir, m.Schema)
	}
	m.Dir = dir
	return &m, nil
}

// ToolFiles are the records of the tools' files, without keydoctor's own
// state the backup also keeps (Kept): what a list of backups names.
func (m *Manifest) ToolFiles() []BackupRecord {
	var out []BackupRecord
	for _, r := range m.Files {
		if !r.Kept {
			out = append(out, r)
		}
	}
	return out
}

// Name is the backup's directory name, what `restore NAME` takes.
func (m *Manifest) Name() string { return filepath.Base(m.Dir) }

// PlanRestore plans putting every file of the backup back as it was. A
// file the run created is removed. A file changed since the run is still
// restored, with a note: its current content goes into the new backup
// Apply makes, so restore itself can be undone.
func PlanRestore(m *Manifest) (*Plan, error) {
	p := &Plan{}
	for _, r := range m.Files {
		c, err := ReadFile(r.Path)
		if err != nil {
			return nil, err
		}
		c.Tool = r.Tool
		if r.Written != "" && c.Existed && sum(c.Old) != r.Written {
			c.Notef("changed since keydoctor wrote it; its current content is kept in the new backup")
		}
		if !r.Existed {
			c.Remove = true
			c.New = nil
			if err := p.Add(c); err != nil {
				return nil, err
			}
			continue
		}
		if strings.Contains(r.Copy, "/") || strings.Contains(r.Copy, `\`) || r.Copy == "" {
			return nil, fmt.Errorf("%s: bad copy name %q in the manifest", m.Dir, r.Copy)
		}
		data, err := safefile.ReadFile(filepath.Join(m.Dir, r.Copy))
		if m.State == stateBegun && c.Existed && sum(c.Old) == r.Before && (err != nil || sum(data) != r.Before) {
			// Killed before this copy was made: the run never wrote the
			// file, which still holds what it held before.
			data, err = c.Old, nil
		}
		if err != nil {
			return nil, fmt.Errorf("backup %s is incomplete: %w", m.Name(), err)
		}
		if r.Before != "" && sum(data) != r.Before {
			return nil, fmt.Errorf("backup %s is damaged: %s does not match its checksum", m.Name(), r.Copy)
		}
		c.New = data
		c.Mode = 0o600
		var mode uint32
		if _, err := fmt.Sscanf(r.Mode, "%o", &mode); err == nil && mode != 0 {
			c.Mode = fs.FileMode(mode)
		}
		if r.ACL != "" {
			c.acl, c.aclAsBacked = r.ACL, true // who could read it, as its mode elsewhere
		}
		c.Secret = true // backups of tool files may hold keys: new parents 0700
		if err := p.Add(c); err != nil {
			return nil, err
		}
	}
	return p, nil
}
