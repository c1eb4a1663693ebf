package shellprofile_test

import (
	"bytes"
	"testing"

	"github.com/keydoctor/keydoctor/internal/format/shellprofile"
	"github.com/keydoctor/keydoctor/internal/shell"
)

// FuzzMerge: whatever the file holds and whatever value is set, a merge
// that succeeds keeps every byte outside the block, reads back as the
// value set, and is a no-op when repeated.
func FuzzMerge(f *testing.F) {
	f.Add([]byte("alias ll='ls -l'\n"), "https://gw.example/api/v1", uint8(0))
	f.Add([]byte("# >>> keydoctor copilot >>>\nexport A='1'\n# <<< keydoctor copilot <<<\n"), `it's "$x" \`, uint8(1))
	f.Add([]byte("a\r\nb"), "''", uint8(2))
	f.Fuzz(func(t *testing.T, src []byte, value string, k uint8) {
		kind := []shell.Kind{shell.POSIX, shell.Fish, shell.PowerShell}[int(k)%3]
		vs := []shellprofile.Var{{Name: "COPILOT_MODEL", Value: value}, {Name: "COPILOT_PROVIDER_API_KEY", Ref: "TAOTOKEN_API_KEY"}}
		before, err := shellprofile.Find(src, "copilot")
		if err != nil {
			return
		}
		out, err := shellprofile.Merge(src, "copilot", kind, vs)
		if err != nil {
			return // a control byte in the value
		}
		b, err := shellprofile.Find(out, "copilot")
		if err != nil || !b.Found {
			t.Fatalf("the merged file has no block: %v\n%q", err, out)
		}
		got, ok := b.Lookup("COPILOT_MODEL")
		if !ok || got.Value != value || got.Ref != "" {
			t.Fatalf("read back %+v, want %q\n%q", got, value, out)
		}
		if ref, _ := b.Lookup("COPILOT_PROVIDER_API_KEY"); ref.Ref != "TAOTOKEN_API_KEY" {
			t.Fatalf("reference read back as %+v", ref)
		}
		if before.Found {
			if !bytes.Equal(out[:b.Start], src[:before.Start]) || !bytes.Equal(out[b.Stop:], src[before.Stop:]) {
				t.Fatalf("bytes outside the block changed:\n%q\n%q", src, out)
			}
		} else if !bytes.HasPrefix(out, src) {
			t.Fatalf("the file's bytes changed:\n%q\n%q", src, out)
		}
		again, err := shellprofile.Merge(out, "copilot", kind, vs)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("a second merge changed it: %v\n%q\n%q", err, out, again)
		}
	})
}
