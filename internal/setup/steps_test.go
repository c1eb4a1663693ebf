package setup

import (
	"errors"
	"slices"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// The scopes --scope takes are the tools' own (claude's), the message
// listing them as help reads.
func TestCheckScope(t *testing.T) {
	for _, ok := range []string{"", "user", "project", "local"} {
		if err := CheckScope(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	var ue *gateway.UsageError
	err := CheckScope("managed")
	if !errors.As(err, &ue) || ue.Msg != `--scope must be user, project or local, not "managed"` {
		t.Errorf("managed: %v", err)
	}
}

// A tool with a background step is found by its package's facts, not its
// name: today Claude Code's alone.
func TestBackgroundTools(t *testing.T) {
	ids := BackgroundTools()
	if !slices.Equal(ids, []gateway.ToolID{"claude"}) {
		t.Fatalf("background tools %v", ids)
	}
	_, st, ok := backgroundTool([]gateway.ToolID{"codex", "claude"})
	if !ok {
		t.Fatal("no background step among codex, claude")
	}
	if f := st.SetupBackground(); f.Variable != "ANTHROPIC_DEFAULT_HAIKU_MODEL" || f.Default == "" {
		t.Errorf("claude's background facts %+v", f)
	}
	if _, _, ok := backgroundTool([]gateway.ToolID{"codex", "env"}); ok {
		t.Error("a background step for tools that make no background requests")
	}
}
