package setup

import (
	"context"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TestAskToolsOffersNoMissingEditor: Cline in VS Code is offered only when
// an editor's Cline was found; the CLIs are offered whether found or not.
func TestAskToolsOffersNoMissingEditor(t *testing.T) {
	for _, tc := range []struct {
		detected []gateway.ToolID
		vscode   bool
	}{
		{nil, false},
		{[]gateway.ToolID{"claude"}, false},
		{[]gateway.ToolID{"vscode"}, true},
	} {
		ask := &script{answers: []any{[]string{"claude"}}}
		w := &Wizard{Ask: ask, Env: env.FromMap(nil), Out: &strings.Builder{}, Err: &strings.Builder{}, Detected: tc.detected}
		if err := w.AskTools(context.Background()); err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, op := range ask.offered[0] {
			got[op.Value] = true
		}
		if got["vscode"] != tc.vscode {
			t.Errorf("detected %v: Cline (VS Code) offered %v, want %v", tc.detected, got["vscode"], tc.vscode)
		}
		if !got["claude"] || !got["codex"] || !got["gemini"] {
			t.Errorf("detected %v: the CLIs are not all offered: %v", tc.detected, got)
		}
	}
}
