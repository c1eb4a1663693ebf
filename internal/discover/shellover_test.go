package discover

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
)

// An exported variable beats the file's and says which it overrides; the
// file's stands alone; with neither the shell's (unset) is what is left.
func TestShellOver(t *testing.T) {
	s := &Snapshot{Env: env.FromMap(map[string]string{"BOTH": "shell", "ONLY_SHELL": "sh"})}
	vars := map[string]Value{"BOTH": {Value: "file"}, "ONLY_FILE": {Value: "file"}}
	if v := s.ShellOver(vars, "BOTH"); v.Value != "shell" || len(v.Overrides) != 1 || v.Overrides[0].Value != "file" {
		t.Errorf("BOTH = %+v", v)
	}
	if v := s.ShellOver(vars, "ONLY_FILE"); v.Value != "file" || len(v.Overrides) != 0 {
		t.Errorf("ONLY_FILE = %+v", v)
	}
	if v := s.ShellOver(vars, "ONLY_SHELL"); v.Value != "sh" {
		t.Errorf("ONLY_SHELL = %+v", v)
	}
	if v := s.ShellOver(vars, "NEITHER"); v.Set() {
		t.Errorf("NEITHER = %+v", v)
	}
}
