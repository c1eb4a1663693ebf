package writers_test

import (
	"errors"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// A tool's option is checked from its declaration (tool.Option): the
// messages are the ones setup printed when writers named each tool.
func TestToolOptions(t *testing.T) {
	tests := []struct {
		opts      map[string]string
		msg, hint string
	}{
		{map[string]string{"claude-auth": "bearer"}, `unknown Claude Code auth "bearer"`, "use --claude-auth token or --claude-auth api-key"},
		{map[string]string{"codex-auth": "keychain"}, `unknown Codex auth "keychain"`, "use --codex-auth file or --codex-auth env"},
		{map[string]string{"opencode-auth": "keychain"}, `unknown OpenCode auth "keychain"`, "use --opencode-auth file or --opencode-auth env"},
		{map[string]string{"codex-provider": "OpenAI"}, `"OpenAI" is a provider id built into Codex`, "pick another id with --codex-provider, e.g. taotoken"},
		{map[string]string{"codex-provider": "my.gw"}, `"my.gw" cannot be a Codex provider id`, "use letters, digits, - and _"},
		{map[string]string{"qwen-auth": "x", "claude-auth": "api-key"}, `unknown Qwen Code auth "x"`, "use --qwen-auth file or --qwen-auth env"},
	}
	for _, tt := range tests {
		o := writerstest.Options(t)
		o.ToolOptions = tt.opts
		_, err := writers.MakePlan(o, []gateway.ToolID{gateway.ToolID("env")})
		var ue *gateway.UsageError
		if !errors.As(err, &ue) || ue.Msg != tt.msg || ue.Hint != tt.hint {
			t.Errorf("%v: err = %#v, want %q (%q)", tt.opts, err, tt.msg, tt.hint)
		}
	}
	o := writerstest.Options(t)
	if got := o.Option("claude-auth"); got != "token" {
		t.Errorf("default claude-auth = %q, want token", got)
	}
	if got := o.Option("codex-provider"); got != "taotoken" {
		t.Errorf("default codex-provider = %q, want the profile's name", got)
	}
	o.ToolOptions = map[string]string{"codex-auth": "env"}
	if got := o.Option("codex-auth"); got != "env" {
		t.Errorf("codex-auth = %q, want env", got)
	}
}
