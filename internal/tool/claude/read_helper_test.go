package claude_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
)

// HelperKey runs apiKeyHelper as Claude Code does and says how it ended
// in words a finding carries: never the command, never its output.
func TestHelperKey(t *testing.T) {
	// The slow helper is this test binary, asked to wait (TestMain): a
	// shell's sleep or ping is not the same everywhere (Wine's ping ends at
	// once), the binary is.
	slow := `"` + os.Args[0] + `" ` + slowHelperArg
	settings := func(helper string) string {
		h, _ := json.Marshal(helper)
		return `{"apiKeyHelper": ` + string(h) + `, "env": {"ANTHROPIC_BASE_URL": "http://g/api"}}`
	}
	tests := []struct {
		name    string
		file    string // the settings file that names the helper
		helper  string
		key     string
		err     string
		notRun  bool
		timeout time.Duration
	}{
		{"its output, trimmed, is the key", ".claude/settings.json", "echo " + testKey, testKey, "", false, 0},
		{"an exit status", ".claude/settings.json", "echo " + testKey + " && exit 3", "", "apiKeyHelper failed (exit status 3)", false, 0},
		{"a script that is gone (a router's, removed)", ".claude/settings.json", "./no-such-ccr-helper", "", "apiKeyHelper failed (exit status", false, 0},
		{"no output", ".claude/settings.json", "exit 0", "", "apiKeyHelper printed no key", false, 0},
		{"past its deadline", ".claude/settings.json", slow, "", "apiKeyHelper did not answer in 200ms", false, 200 * time.Millisecond},
		{"a project's helper is never run", "proj/.claude/settings.json", "echo " + testKey, "", "keydoctor runs no command a cloned repository chooses", true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.timeout > 0 {
				defer claude.SetHelperTimeout(tt.timeout)()
			}
			e, dir := home(t, map[string]string{tt.file: settings(tt.helper), "proj/.keep": ""}, nil)
			s := discover.Discover(e, discover.Options{Project: filepath.Join(dir, "proj")})
			c, ok := s.Tool(string(claude.ID))
			if !ok {
				t.Fatal("claude not discovered")
			}
			hk := claude.Tool.Impl.(discover.HelperKeyer)
			h, err := hk.HelperKey(context.Background(), s, *c)
			if h.Key != tt.key {
				t.Errorf("key %v, want %v", h.Key != "", tt.key != "")
			}
			if tt.key != "" && (h.Auth != gateway.AuthBearer || len(h.Headers) != 1 || h.Headers[0].Name != "x-api-key") {
				t.Errorf("sent as %s with %v, want Bearer and x-api-key", h.Auth, h.Headers)
			}
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("err %v, want %q", err, tt.err)
			}
			var nr *discover.NotRunError
			if errors.As(err, &nr) != tt.notRun {
				t.Errorf("not-run %v, want %v", errors.As(err, &nr), tt.notRun)
			}
			if err != nil && (strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "no-such-ccr-helper")) {
				t.Errorf("the error shows the command or its output: %v", err)
			}
		})
	}
}
