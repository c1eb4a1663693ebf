//go:build windows

package winacl

import (
	"errors"
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Read is the DACL of the file at path.
func Read(path string) (DACL, error) {
	sd, err := windows.GetNamedSecurityInfo(path, windows.SE_FILE_OBJECT, windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		return DACL{}, fmt.Errorf("reading the ACL of %s: %w", path, err)
	}
	acl, _, err := sd.DACL()
	if err == windows.ERROR_OBJECT_NOT_FOUND || (err == nil && acl == nil) {
		return DACL{Null: true}, nil // no DACL: everyone has full access
	}
	if err != nil {
		return DACL{}, fmt.Errorf("reading the ACL of %s: %w", path, err)
	}
	var d DACL
	for i := uint32(0); i < uint32(acl.AceCount); i++ {
		var ace *windows.ACCESS_ALLOWED_ACE
		if err := windows.GetAce(acl, i, &ace); err != nil {
			return DACL{}, fmt.Errorf("reading the ACL of %s: %w", path, err)
		}
		switch ace.Header.AceType {
		case windows.ACCESS_ALLOWED_ACE_TYPE, windows.ACCESS_DENIED_ACE_TYPE:
		default:
			continue // object and callback ACEs: not on files in practice
		}
		sid := (*windows.SID)(unsafe.Pointer(&ace.SidStart))
		d.ACEs = append(d.ACEs, ACE{
			SID:         sid.String(),
			Deny:        ace.Header.AceType == windows.ACCESS_DENIED_ACE_TYPE,
			Mask:        uint32(ace.Mask),
			InheritOnly: ace.Header.AceFlags&windows.INHERIT_ONLY_ACE != 0,
		})
	}
	return d, nil
}

// Tighten gives the file at path an owner-only DACL (SetPrivate) when the
// one it has lets a broad group read it, and reports whether it did. A
// file already private keeps its DACL as it is.
func Tighten(path string) (bool, error) {
	d, err := Read(path)
	if noACLs(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if len(d.ReaderSIDs()) == 0 {
		return false, nil
	}
	if err := SetPrivate(path); err != nil && !noACLs(err) {
		return false, err
	}
	return true, nil
}

// noACLs: the file system keeps no ACLs (FAT, exFAT, some network
// shares): there is nothing to tighten, and a write must not fail for it.
func noACLs(err error) bool {
	return errors.Is(err, windows.ERROR_NOT_SUPPORTED) || errors.Is(err, windows.ERROR_INVALID_FUNCTION)
}

// SetPrivate gives the file at path a protected DACL (nothing inherited
// from its directory) of full control for the current user, SYSTEM and
// Administrators: what OpenSSH for Windows asks of a private key, and what
// a file in a user's profile has by default. SYSTEM and Administrators can
// take any file anyway; leaving them out only breaks backup tools.
func SetPrivate(path string) error {
	tu, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return fmt.Errorf("making %s private: %w", path, err)
	}
	sd, err := windows.SecurityDescriptorFromString("D:P(A;;FA;;;" + tu.User.Sid.String() + ")(A;;FA;;;SY)(A;;FA;;;BA)")
	if err != nil {
		return fmt.Errorf("making %s private: %w", path, err)
	}
	acl, _, err := sd.DACL()
	if err != nil {
		return fmt.Errorf("making %s private: %w", path, err)
	}
	err = windows.SetNamedSecurityInfo(path, windows.SE_FILE_OBJECT,
		windows.DACL_SECURITY_INFORMATION|windows.PROTECTED_DACL_SECURITY_INFORMATION, nil, nil, acl, nil)
	if err != nil {
		return fmt.Errorf("making %s private: %w", path, err)
	}
	return nil
}

// SDDL is the DACL of the file at path in SDDL ("D:P(A;;FA;;;S-1-…)…"),
// to put back with SetSDDL: what a backup keeps of a file's permissions on
// Windows, as the mode elsewhere. Empty, without an error, on a file
// system that keeps no ACLs.
func SDDL(path string) (string, error) {
	sd, err := windows.GetNamedSecurityInfo(path, windows.SE_FILE_OBJECT, windows.DACL_SECURITY_INFORMATION)
	if noACLs(err) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("reading the ACL of %s: %w", path, err)
	}
	return sd.String(), nil
}

// SetSDDL gives the file at path the DACL sddl names (from SDDL). A
// protected DACL ("D:P…") stays protected; an unprotected one inherits
// from the directory again, as it did.
func SetSDDL(path, sddl string) error {
	sd, err := windows.SecurityDescriptorFromString(sddl)
	if err != nil {
		return fmt.Errorf("the ACL %q of %s: %w", sddl, path, err)
	}
	acl, _, err := sd.DACL()
	if err != nil {
		return fmt.Errorf("the ACL %q of %s: %w", sddl, path, err)
	}
	info := windows.SECURITY_INFORMATION(windows.DACL_SECURITY_INFORMATION | windows.UNPROTECTED_DACL_SECURITY_INFORMATION)
	if ctl, _, err := sd.Control(); err == nil && ctl&windows.SE_DACL_PROTECTED != 0 {
		info = windows.DACL_SECURITY_INFORMATION | windows.PROTECTED_DACL_SECURITY_INFORMATION
	}
	err = windows.SetNamedSecurityInfo(path, windows.SE_FILE_OBJECT, info, nil, nil, acl, nil)
	if err != nil && !noACLs(err) {
		return fmt.Errorf("putting back the ACL of %s: %w", path, err)
	}
	return nil
}
