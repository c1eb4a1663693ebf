// Package winacl reads and sets the access a Windows file's DACL gives:
// the Windows form of a key file's mode bits. Whether a DACL lets other
// users read a file is decided here for every OS (table-tested on any
// host); reading and setting the real DACL is Windows only.
package winacl

import "errors"

// Well-known SIDs of groups every local user (or anyone) belongs to: an
// ACE granting one of them read access lets other users read the file.
const (
	Everyone           = "S-1-1-0"
	AuthenticatedUsers = "S-1-5-11"
	Interactive        = "S-1-5-4"
	Anonymous          = "S-1-5-7"
	Users              = "S-1-5-32-545"
	Guests             = "S-1-5-32-546"
)

// names are how icacls and Explorer name the broad groups.
var names = map[string]string{
	Everyone:           "Everyone",
	AuthenticatedUsers: "Authenticated Users",
	Interactive:        "INTERACTIVE",
	Anonymous:          "ANONYMOUS LOGON",
	Users:              "Users",
	Guests:             "Guests",
}

// Access rights that let a holder read a file's data.
const (
	fileReadData = 0x1
	genericAll   = 0x10000000
	genericRead  = 0x80000000
	readRights   = fileReadData | genericAll | genericRead
)

// ACE is one access control entry, as much of it as the decision needs.
type ACE struct {
	SID         string `json:"sid"`
	Deny        bool   `json:"deny,omitempty"`
	Mask        uint32 `json:"mask"`
	InheritOnly bool   `json:"inherit_only,omitempty"` // applies to children, not to this file
}

// DACL is a file's discretionary ACL. Null (no DACL at all, which is not
// an empty one) grants everyone everything.
type DACL struct {
	Null bool  `json:"null,omitempty"`
	ACEs []ACE `json:"aces,omitempty"`
}

// ErrUnsupported: DACLs are read on Windows only.
var ErrUnsupported = errors.New("file ACLs are read on Windows only")

// Readers names the broad groups (Everyone, Users, Authenticated Users,
// …) that may read the file's data, as icacls names them.
func (d DACL) Readers() []string {
	sids := d.ReaderSIDs()
	out := make([]string, len(sids))
	for i, sid := range sids {
		out[i] = names[sid]
	}
	return out
}

// ReaderSIDs are the SIDs of the broad groups that may read the file's
// data, in the order their ACEs come. Windows grants a right by the first
// ACE in order that names one of the caller's groups and that right;
// every member of a broad group is in Everyone too, so a read denied to
// Everyone is denied to them all. An ACE naming the owner, SYSTEM,
// Administrators or another single account is not a broad group's and is
// not reported.
func (d DACL) ReaderSIDs() []string {
	if d.Null {
		return []string{Everyone}
	}
	var out []string
	decided := map[string]bool{}
	for _, a := range d.ACEs {
		if a.InheritOnly || a.Mask&readRights == 0 {
			continue
		}
		if _, broad := names[a.SID]; !broad {
			continue
		}
		if a.Deny {
			if a.SID == Everyone {
				return out
			}
			decided[a.SID] = true
			continue
		}
		if !decided[a.SID] {
			decided[a.SID] = true
			out = append(out, a.SID)
		}
	}
	return out
}
