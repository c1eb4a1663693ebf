//go:build windows

package winacl_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/winacl"
	"golang.org/x/sys/windows"
)

// setSDDL replaces path's DACL with the one an SDDL string describes.
func setSDDL(t *testing.T, path, sddl string) {
	t.Helper()
	sd, err := windows.SecurityDescriptorFromString(sddl)
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

// TestReadAndSetPrivate reads a real DACL that lets Everyone and Users
// read, makes the file private, and reads it again.
func TestReadAndSetPrivate(t *testing.T) {
	path := filepath.Join(testutil.TempDir(t), "auth.json")
	if err := os.WriteFile(path, []byte(`{"k":"sk-test-acl"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := winacl.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("as created: %+v", d)
	setSDDL(t, path, "D:P(A;;FA;;;SY)(A;;FR;;;WD)(A;;0x1200a9;;;BU)")
	d, err = winacl.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("opened: %+v", d)
	// Under Wine the DACL read back is made from Unix mode bits (0644:
	// Everyone reads); Windows keeps Users' entry too.
	if got := d.Readers(); !slices.Contains(got, "Everyone") {
		t.Fatalf("readers %q, want Everyone among them (%+v)", got, d)
	}
	if err := winacl.SetPrivate(path); err != nil {
		t.Fatal(err)
	}
	d, err = winacl.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("private: %+v", d)
	if b, err := os.ReadFile(path); err != nil || string(b) != `{"k":"sk-test-acl"}` {
		t.Fatalf("content after SetPrivate: %q, %v", b, err)
	}
	// Wine 8 accepts a DACL and keeps none: it stores no security
	// descriptor, sets Unix mode bits from it (rwxrwxr-x for this one) and
	// reads back a DACL made from those bits, with Everyone reading.
	testutil.SkipUnderWine(t, "SetNamedSecurityInfo succeeds, but the DACL read back is made from Unix mode bits")
	if got := d.Readers(); len(got) != 0 {
		t.Fatalf("readers %q after SetPrivate (%+v)", got, d)
	}
	if len(d.ACEs) != 3 {
		t.Fatalf("private DACL %+v, want the user, SYSTEM and Administrators", d)
	}
}
