package setup

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
)

// TestWizardWidth runs the wizard at 100 and 60 columns as a terminal
// would show it: a typo'd port (nothing answers), the URL typed again,
// then a model and a tool. No line is wider than the terminal unless it
// is one word (a URL longer than the line, kept whole to be copied); no
// gateway option wraps; the tools' table is printed once per base URL,
// not before every question.
func TestWizardWidth(t *testing.T) {
	const typo, good = "http://127.0.0.1:8756/api", "http://gateway.internal.example.com:8765/api"
	for _, width := range []int{100, 60} {
		var out strings.Builder
		ask := &script{answers: []any{
			"custom", typo + "/v1/chat/completions", // a URL pasted with its endpoint: a note
			true,                 // the key from the variable
			true, "custom", good, // nothing answers: type it again
			"gpt-4o", []string{"claude", "codex"},
		}}
		lists := []error{errors.New(string(catalog.ConnectRefused)), nil}
		p := gateway.Profile{Preset: "taotoken", Key: testKey, KeyVar: "TAOTOKEN_API_KEY", VarBaseURL: "TAOTOKEN_BASE_URL",
			Sources: map[gateway.Field]string{gateway.FieldKey: "TAOTOKEN_API_KEY"}}
		w := &Wizard{Ask: ask, Env: env.FromMap(nil), Out: &out, Err: &strings.Builder{}, Profile: p, Width: width,
			ListModels: func(context.Context, string, string) ([]string, error) {
				err := lists[0]
				lists = lists[1:]
				return []string{"gpt-4o"}, err
			}}
		if err := w.Run(context.Background()); err != nil {
			t.Fatalf("%d columns: %v\nasked %q\n%s", width, err, ask.asked, out.String())
		}
		text := out.String()
		for _, line := range strings.Split(text, "\n") {
			if human.Width(line) > width && len(strings.Fields(line)) > 1 {
				t.Errorf("%d columns: a line of %d the terminal would break mid-word:\n%s", width, human.Width(line), line)
			}
		}
		if n := strings.Count(text, "each tool will receive"); n != 2 {
			t.Errorf("%d columns: the tools' table printed %d times, want 2 (once per base URL):\n%s", width, n, text)
		}
		if !regexp.MustCompile(`Claude Code:\s+` + regexp.QuoteMeta(good) + ` ->\s+` + regexp.QuoteMeta(good) + `/v1/messages\n`).MatchString(text) {
			t.Errorf("%d columns: the table does not show Claude Code's URLs:\n%s", width, text)
		}
		for _, opts := range ask.selects {
			for _, op := range opts {
				if human.Width(op.Label)+4 > width {
					t.Errorf("%d columns: the option %q wraps", width, op.Label)
				}
			}
		}
		if strings.Contains(text, testKey) {
			t.Errorf("%d columns: the key was printed", width)
		}
	}
}
