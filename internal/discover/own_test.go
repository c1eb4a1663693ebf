package discover

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Background is Claude Code's alone.
func TestBackgroundOtherTools(t *testing.T) {
	if v := (Tool{ID: gateway.ToolID("codex")}).Background(); v.Set() {
		t.Errorf("codex background = %+v", v)
	}
}

func TestSourceNamed(t *testing.T) {
	e, dir := home(t, nil, nil)
	for _, tt := range []struct {
		src  Source
		want string
	}{
		{Source{File: filepath.Join(dir, ".codex/config.toml"), Line: 3, Key: "model"}, "~/.codex/config.toml model"},
		{Source{File: filepath.Join(dir, ".claude/settings.json"), Line: 2}, "~/.claude/settings.json"},
		{Source{Key: "TAOTOKEN_API_KEY", Origin: "shell"}, "$TAOTOKEN_API_KEY"},
		{Source{Default: true}, ""},
		{Source{}, ""},
	} {
		if got := tt.src.Named(e); got != filepath.FromSlash(tt.want) {
			t.Errorf("Named(%+v) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
