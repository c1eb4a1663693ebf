package writers_test

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/writers"
)

// A finding's triple edit exists only where setup writes the tool and the
// value lies in a file: a shell variable, an SDK that reads the shell or
// an unknown tool is a step for the user.
func TestTripleEdit(t *testing.T) {
	for _, tt := range []struct {
		id   gateway.ToolID
		path string
		want bool
	}{
		{gateway.ToolID("claude"), "/h/.claude/settings.json", true},
		{gateway.ToolID("codex"), "/h/.codex/config.toml", true},
		{gateway.ToolID("claude"), "", false},                // a variable
		{gateway.ToolID("anthropic"), "/h/proj/.env", false}, // setup does not write the SDKs' variables
		{"nosuchtool", "/h/x.json", false},
	} {
		ed := writers.TripleEdit(tt.id, tt.path)
		if (ed != nil) != tt.want {
			t.Errorf("TripleEdit(%s, %q) = %+v, want an edit: %v", tt.id, tt.path, ed, tt.want)
			continue
		}
		if ed != nil && (ed.Kind != writers.EditTriple || ed.Tool != tt.id || ed.Path != tt.path || ed.Background) {
			t.Errorf("TripleEdit(%s, %q) = %+v", tt.id, tt.path, ed)
		}
	}
}
