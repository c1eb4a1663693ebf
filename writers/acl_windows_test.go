//go:build windows

package writers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/winacl"
	"golang.org/x/sys/windows"
)

// openToEveryone gives path a DACL that lets Everyone read it.
func openToEveryone(t *testing.T, path string) {
	t.Helper()
	sd, err := windows.SecurityDescriptorFromString("D:P(A;;FA;;;SY)(A;;FA;;;BA)(A;;FR;;;WD)")
	if err != nil {
		t.Fatal(err)
	}
	acl, _, err := sd.DACL()
	if err != nil {
		t.Fatal(err)
	}
	if err := windows.SetNamedSecurityInfo(path, windows.SE_FILE_OBJECT,
		windows.DACL_SECURITY_INFORMATION|windows.PROTECTED_DACL_SECURITY_INFORMATION, nil, nil, acl, nil); err != nil {
		t.Fatal(err)
	}
}

// TestSecretModeEditTightensACL: doctor --fix's secret-perms edit on
// Windows rewrites a key file whose DACL lets Everyone read it, with the
// same bytes and an owner-only DACL, and says so in the plan.
func TestSecretModeEditTightensACL(t *testing.T) {
	o := testOptions(t)
	o.Env.GOOS = "windows"
	path := filepath.Join(o.Env.Home, ".codex", "auth.json")
	content := `{"OPENAI_API_KEY": "` + testKey + `"}` + "\r\n"
	writeFile(t, path, content, 0o600)
	openToEveryone(t, path)
	if d, err := winacl.Read(path); err != nil || len(d.Readers()) == 0 {
		t.Fatalf("the planted DACL lets nobody read: %+v, %v", d, err)
	}
	p, refused, err := PlanEdits(o, []Edit{{Kind: EditSecretMode, Tool: gateway.ToolID("codex"), Path: path}})
	if err != nil || len(refused) > 0 {
		t.Fatalf("PlanEdits: %v, refused %v", err, refused)
	}
	if len(p.Changes) != 1 || !p.Changes[0].Changed() || p.Changes[0].Action() != "chmod" {
		t.Fatalf("plan %+v, want one chmod", p.Changes)
	}
	diff := p.FileDiff(p.Changes[0], func(s string) string { return s })
	if !strings.Contains(diff, "access Everyone -> owner only") {
		t.Fatalf("diff %q does not say the access is tightened", diff)
	}
	noKey(t, diff)
	apply(t, o, p)
	if b, err := os.ReadFile(path); err != nil || string(b) != content {
		t.Fatalf("content after the edit: %q, %v", b, err)
	}
	testutil.SkipUnderWine(t, "SetNamedSecurityInfo succeeds, but the DACL read back is made from Unix mode bits (internal/winacl)")
	if r := aclReaders(path); len(r) > 0 {
		t.Fatalf("still readable by %q", r)
	}
	p, _, err = PlanEdits(o, []Edit{{Kind: EditSecretMode, Tool: gateway.ToolID("codex"), Path: path}})
	if err != nil || len(p.Changes) != 1 || p.Changes[0].Changed() {
		t.Fatalf("a second edit changes something: %+v, %v", p.Changes, err)
	}
}

// On Windows a backup records the file's DACL, and restore puts it back:
// a key file others could read before setup tightened it is as it was.
func TestBackupRecordsAndRestoreSetsTheACL(t *testing.T) {
	o := testOptions(t)
	o.Env.GOOS = "windows"
	path := filepath.Join(o.Env.Home, ".codex", "auth.json")
	content := `{"OPENAI_API_KEY": "` + testKey + `"}` + "\r\n"
	writeFile(t, path, content, 0o600)
	openToEveryone(t, path)
	p, refused, err := PlanEdits(o, []Edit{{Kind: EditSecretMode, Tool: gateway.ToolID("codex"), Path: path}})
	if err != nil || len(refused) > 0 {
		t.Fatalf("PlanEdits: %v, refused %v", err, refused)
	}
	res := apply(t, o, p)
	m, err := ReadManifest(res.Backup)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Files) != 1 || m.Files[0].ACL == "" {
		t.Fatalf("the backup records no ACL: %+v", m.Files)
	}
	rp, err := PlanRestore(m)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, o, rp)
	testutil.SkipUnderWine(t, "SetNamedSecurityInfo succeeds, but the DACL read back is made from Unix mode bits (internal/winacl)")
	if !strings.Contains(m.Files[0].ACL, ";;;WD)") {
		t.Fatalf("the recorded ACL %q does not let Everyone read", m.Files[0].ACL)
	}
	if r := aclReaders(path); len(r) == 0 {
		t.Fatal("after restore Everyone can no longer read the file, as it could before")
	}
}
