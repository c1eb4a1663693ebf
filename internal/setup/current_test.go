package setup

import (
	"errors"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// TestKeptFromFiles: a field the tools disagree on with no majority is
// refused unless something above the files gives it; a majority's value
// taken from the files is said, with the flag that chooses.
func TestKeptFromFiles(t *testing.T) {
	cur := &profile.Current{
		Conflicts: map[gateway.Field]string{gateway.FieldModel: "the tools disagree on the model"},
		Notes:     map[gateway.Field]string{gateway.FieldBaseURL: "2 of 3 tools use https://a.example/api"},
	}
	for _, tc := range []struct {
		name     string
		sources  map[gateway.Field]string
		refused  string // the hint of the refusal, "" none
		noteWant string // a note's text, "" none
	}{
		{"model from nothing", map[gateway.Field]string{}, "pass --model ID", ""},
		{"model from the preset", map[gateway.Field]string{gateway.FieldModel: "preset taotoken"}, "pass --model ID", ""},
		{"model from a flag", map[gateway.Field]string{gateway.FieldModel: "--model"}, "", ""},
		{"base URL from the files", map[gateway.Field]string{gateway.FieldModel: "--model", gateway.FieldBaseURL: profile.FilesSource},
			"", "2 of 3 tools use https://a.example/api; pass --base-url URL to choose"},
		{"base URL from a variable", map[gateway.Field]string{gateway.FieldModel: "KEYDOCTOR_MODEL", gateway.FieldBaseURL: "KEYDOCTOR_BASE_URL"}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := gateway.Profile{Sources: tc.sources}
			err := KeptFromFiles(cur, &p)
			var ue *gateway.UsageError
			switch {
			case tc.refused == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.refused != "" && (!errors.As(err, &ue) || ue.Hint != tc.refused || ue.Msg != cur.Conflicts[gateway.FieldModel]):
				t.Fatalf("err = %#v, want a usage error hinting %q", err, tc.refused)
			}
			var notes []string
			for _, n := range p.Notes {
				notes = append(notes, n.Message)
			}
			if got := strings.Join(notes, "|"); got != tc.noteWant {
				t.Errorf("notes = %q, want %q", got, tc.noteWant)
			}
		})
	}
	if err := KeptFromFiles(nil, &gateway.Profile{}); err != nil {
		t.Errorf("no current files: %v", err)
	}
}
