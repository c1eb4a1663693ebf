package winacl_test

import (
	"slices"
	"testing"

	"github.com/keydoctor/keydoctor/internal/winacl"
)

func TestReaders(t *testing.T) {
	const (
		user    = "S-1-5-21-1-2-3-1001"
		system  = "S-1-5-18"
		admins  = "S-1-5-32-544"
		full    = 0x1f01ff // FILE_ALL_ACCESS
		read    = 0x1200a9 // FILE_GENERIC_READ|FILE_GENERIC_EXECUTE (RX)
		attrs   = 0x100080 // FILE_READ_ATTRIBUTES|SYNCHRONIZE: no data
		generic = 0x80000000
	)
	private := []winacl.ACE{{SID: user, Mask: full}, {SID: system, Mask: full}, {SID: admins, Mask: full}}
	for _, tc := range []struct {
		name string
		dacl winacl.DACL
		want []string
	}{
		{"owner, SYSTEM, Administrators", winacl.DACL{ACEs: private}, nil},
		{"empty DACL: nobody", winacl.DACL{}, nil},
		{"null DACL: everyone", winacl.DACL{Null: true}, []string{"Everyone"}},
		{"Users read, as C:\\ grants", winacl.DACL{ACEs: append(slices.Clone(private), winacl.ACE{SID: winacl.Users, Mask: read})}, []string{"Users"}},
		{"Everyone and Authenticated Users", winacl.DACL{ACEs: []winacl.ACE{{SID: winacl.Everyone, Mask: read}, {SID: winacl.AuthenticatedUsers, Mask: full}}}, []string{"Everyone", "Authenticated Users"}},
		{"GENERIC_READ counts", winacl.DACL{ACEs: []winacl.ACE{{SID: winacl.Users, Mask: generic}}}, []string{"Users"}},
		{"attributes only: no data", winacl.DACL{ACEs: []winacl.ACE{{SID: winacl.Everyone, Mask: attrs}}}, nil},
		{"inherit-only: for children", winacl.DACL{ACEs: []winacl.ACE{{SID: winacl.Users, Mask: read, InheritOnly: true}}}, nil},
		{"denied to Everyone first", winacl.DACL{ACEs: []winacl.ACE{{SID: winacl.Everyone, Deny: true, Mask: read}, {SID: winacl.Users, Mask: read}}}, nil},
		{"denied to Users, allowed to Users", winacl.DACL{ACEs: []winacl.ACE{{SID: winacl.Users, Deny: true, Mask: 0x1}, {SID: winacl.Users, Mask: read}, {SID: winacl.Guests, Mask: read}}}, []string{"Guests"}},
		{"allowed, then denied: the first wins", winacl.DACL{ACEs: []winacl.ACE{{SID: winacl.Users, Mask: read}, {SID: winacl.Users, Deny: true, Mask: read}}}, []string{"Users"}},
		{"a deny of write only", winacl.DACL{ACEs: []winacl.ACE{{SID: winacl.Everyone, Deny: true, Mask: 0x2}, {SID: winacl.Everyone, Mask: read}}}, []string{"Everyone"}},
		{"another single account is not a group", winacl.DACL{ACEs: []winacl.ACE{{SID: "S-1-5-21-1-2-3-1002", Mask: read}}}, nil},
		{"one group twice", winacl.DACL{ACEs: []winacl.ACE{{SID: winacl.Users, Mask: read}, {SID: winacl.Users, Mask: full}}}, []string{"Users"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.dacl.Readers(); !slices.Equal(got, tc.want) {
				t.Errorf("Readers() = %q, want %q", got, tc.want)
			}
		})
	}
}
