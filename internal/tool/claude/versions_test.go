package claude_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// TestAliasByVersion: an alias with its variable unset falls to the
// built-in id of the Claude Code version installed (claude.Builtins),
// and doctor's env-missing names that one.
func TestAliasByVersion(t *testing.T) {
	tests := []struct {
		model, version, want string
	}{
		{"", "2.1.197", "Claude Code 2.1.197 sets no model: a turn uses its default alias opus, and with ANTHROPIC_DEFAULT_OPUS_MODEL not set it asks for claude-opus-4-8"},
		{"", "2.1.100", "asks for claude-opus-4-8"}, // older than any observed: the oldest facts
		{"", "2.1.331", "asks for claude-opus-4-8"}, // before the first version seen with the new ids
		{"", "2.1.332", "Claude Code 2.1.332 sets no model: a turn uses its default alias opus, and with ANTHROPIC_DEFAULT_OPUS_MODEL not set it asks for claude-opus-5-5"},
		{"", "2.2.0", "asks for claude-opus-5-5"},
		{"", "", "Claude Code sets no model: a turn uses its default alias opus, and with ANTHROPIC_DEFAULT_OPUS_MODEL not set it asks for claude-opus-5-5"},
		{"sonnet", "2.1.197", "Claude Code 2.1.197 asks for claude-sonnet-5,"},
		{"sonnet", "2.1.332", "Claude Code 2.1.332 asks for claude-sonnet-5-5,"},
		{"fable", "2.1.197", "asks for claude-fable-5,"},
		{"fable", "", "asks for claude-fable-5-2,"},
		{"haiku", "2.1.197", "asks for claude-haiku-4-5-20251001,"},
		{"haiku", "2.1.332", "asks for claude-haiku-5-5,"},
	}
	for _, tt := range tests {
		t.Run(tt.model+"@"+tt.version, func(t *testing.T) {
			home := testutil.TempDir(t)
			e := env.FromMap(map[string]string{"HOME": home})
			model := ""
			if tt.model != "" {
				model = `"model": "` + tt.model + `", `
			}
			body := `{` + model + `"env": {"ANTHROPIC_BASE_URL": "https://gw.example/api", "ANTHROPIC_AUTH_TOKEN": "sk-test-claude-0123"}}`
			if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(claude.Settings(e, claude.User, home), []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
			got := tooltest.Messages(tooltest.Findings(t, e, home, claude.Tool, tt.version, "sk-test-claude-0123"),
				func(f doctor.Finding) bool { return f.Code == catalog.EnvMissing })
			if len(got) != 1 || !strings.Contains(got[0], tt.want) {
				t.Errorf("want one env-missing with %q, got %q", tt.want, got)
			}
		})
	}
}

// TestObservedIsNewestBuiltins: facts-older compares with the newest
// version the facts were seen with.
func TestObservedIsNewestBuiltins(t *testing.T) {
	tooltest.FactsObserved(t, claude.Builtins, claude.Observed, claude.Tool)
	for _, s := range claude.Builtins {
		for _, a := range []string{"opus", "sonnet", "haiku", "fable"} {
			if s.Value[a] == "" {
				t.Errorf("facts from %q: no built-in id for %s", s.From, a)
			}
		}
	}
}

// TestReaderAtVersion: the reader runs before the version is known and
// resolves an unset alias by the newest facts; once the version is
// detected (Snapshot.AtVersions, as doctor and status call it) the model
// every consumer sees is the id that version sends.
func TestReaderAtVersion(t *testing.T) {
	for _, tt := range []struct{ version, want string }{
		{"", "claude-opus-5-5"},
		{"2.1.197", "claude-opus-4-8"},
		{"2.1.332", "claude-opus-5-5"},
		{"2.9.0", "claude-opus-5-5"},
	} {
		home := testutil.TempDir(t)
		e := env.FromMap(map[string]string{"HOME": home})
		body := `{"env": {"ANTHROPIC_BASE_URL": "https://gw.example/api", "ANTHROPIC_AUTH_TOKEN": "sk-test-claude-0123"}}`
		if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(claude.Settings(e, claude.User, home), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		s := discover.Discover(e, discover.Options{Project: home})
		s.AtVersions(toolversion.Versions{claude.ID: {Version: tt.version}}.Strings())
		c, ok := s.Tool(string(claude.ID))
		if !ok || c.Model.Value != tt.want || !c.Model.Source.Default {
			t.Errorf("%q: model %q (default %v), want the built-in %q", tt.version, c.Model.Value, c.Model.Source.Default, tt.want)
		}
	}
	// A model the user names is not the reader's to change.
	home := testutil.TempDir(t)
	e := env.FromMap(map[string]string{"HOME": home})
	body := `{"model": "glm-5", "env": {"ANTHROPIC_BASE_URL": "https://gw.example/api", "ANTHROPIC_AUTH_TOKEN": "sk-test-claude-0123"}}`
	if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(claude.Settings(e, claude.User, home), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	s := discover.Discover(e, discover.Options{Project: home})
	s.AtVersions(map[gateway.ToolID]string{claude.ID: "2.1.197"})
	if c, ok := s.Tool(string(claude.ID)); !ok || c.Model.Value != "glm-5" {
		t.Errorf("a named model: got %v %+v", ok, c)
	}
}

// TestBackgroundDefaultAtVersion: the default background model is the
// installed version's fact (2.1.197 observed; a newer version and none
// detected: the newest, 2.1.197's).
func TestBackgroundDefaultAtVersion(t *testing.T) {
	for _, v := range []string{"2.1.197", "2.9.0", ""} {
		home := testutil.TempDir(t)
		e := env.FromMap(map[string]string{"HOME": home})
		body := `{"env": {"ANTHROPIC_BASE_URL": "https://gw.example/api", "ANTHROPIC_AUTH_TOKEN": "sk-test-claude-0123"}}`
		if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(claude.Settings(e, claude.User, home), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		s := discover.Discover(e, discover.Options{Project: home})
		s.AtVersions(toolversion.Versions{claude.ID: {Version: v}}.Strings())
		c, ok := s.Tool(string(claude.ID))
		if !ok || c.BackgroundBuiltin.Value != "claude-haiku-4-5-20251001" || !c.BackgroundBuiltin.Source.Default {
			t.Errorf("%q: background built-in %+v", v, c.BackgroundBuiltin)
		}
	}
	if got := claude.BackgroundDefaults.Newest(); got != "2.1.197" {
		t.Errorf("background default observed with %q, docs/tools.md records 2.1.197", got)
	}
}
