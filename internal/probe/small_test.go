package probe

import "testing"

// ClosestSmall stands in for a small model the gateway does not serve
// (Claude Code's default background model).
func TestClosestSmall(t *testing.T) {
	const haiku = "claude-haiku-4-5-20251001"
	tests := []struct {
		name, want, main string
		served           []string
		out              string
	}{
		{"the undated haiku", haiku, "gpt-4o", []string{"gpt-4o", "gpt-4o-mini", "claude-sonnet-4-5", "claude-haiku-4-5"}, "claude-haiku-4-5"},
		{"another haiku before a sonnet", haiku, "claude-sonnet-4-5", []string{"claude-sonnet-4-5", "claude-3-5-haiku-latest"}, "claude-3-5-haiku-latest"},
		{"no claude: the small one of the main model's family", haiku, "gpt-4o", []string{"gpt-4o", "gpt-4.1-nano", "gpt-4o-mini", "deepseek-chat"}, "gpt-4o-mini"},
		{"no claude, main unrelated: any small one", haiku, "deepseek-chat", []string{"deepseek-chat", "Gemini-2.5-Flash"}, "Gemini-2.5-Flash"},
		{"no small model: the closest", haiku, "gpt-4o", []string{"gpt-4o", "claude-sonnet-4-5"}, "claude-sonnet-4-5"},
		{"nothing fits", haiku, "deepseek-chat", []string{"deepseek-chat", "qwen3-coder"}, ""},
		{"empty list", haiku, "gpt-4o", nil, ""},
	}
	for _, tt := range tests {
		if got := ClosestSmall(tt.want, tt.main, tt.served); got != tt.out {
			t.Errorf("%s: ClosestSmall = %q, want %q", tt.name, got, tt.out)
		}
	}
}

func TestIsSmall(t *testing.T) {
	for id, want := range map[string]bool{
		"claude-haiku-4-5": true, "gpt-4o-mini": true, "gemini-2.5-flash-lite": true, "GPT-4.1-NANO": true,
		"gpt-4o": false, "minimax-m2": false, "claude-sonnet-4-5": false, "": false,
	} {
		if got := IsSmall(id); got != want {
			t.Errorf("IsSmall(%q) = %v", id, got)
		}
	}
}
