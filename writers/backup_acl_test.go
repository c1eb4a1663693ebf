package writers

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// A backup's Windows DACL is what restore puts back, exactly: a file that
// others could read before the run is readable by them again (as its
// mode is elsewhere), not tightened like a file setup writes a key into.
func TestRestorePutsTheBackedUpACLBack(t *testing.T) {
	dir := testutil.TempDir(t)
	path := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(path, []byte(`{"a": 2}`), 0o600); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "backup")
	if err := os.Mkdir(backup, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(backup, "01-settings.json"), []byte(`{"a": 1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	const everyone = "D:P(A;;FA;;;SY)(A;;FR;;;WD)"
	tests := []struct {
		name        string
		acl         string
		wantACL     string
		wantPrivate bool
	}{
		{"a DACL recorded", everyone, everyone, false},
		{"none recorded (Unix, or an older backup)", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Manifest{Dir: backup, Files: []BackupRecord{{Tool: gateway.ToolID("claude"), Path: path, Target: path,
				Existed: true, Mode: "0644", ACL: tt.acl, Copy: "01-settings.json", Before: sum([]byte(`{"a": 1}`))}}}
			p, err := PlanRestore(m)
			if err != nil {
				t.Fatal(err)
			}
			c := p.Changes[0]
			if c.acl != tt.wantACL && !(tt.acl == "" && c.acl == c.oldACL) {
				t.Errorf("restore writes the ACL %q, want %q", c.acl, tt.wantACL)
			}
			if private := c.Secret && !c.aclAsBacked; private != tt.wantPrivate {
				t.Errorf("restore tightens the ACL: %v, want %v", private, tt.wantPrivate)
			}
		})
	}
}
