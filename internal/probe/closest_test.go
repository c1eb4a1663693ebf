package probe

import (
	"reflect"
	"testing"
)

// The cases of checks' ClosestModels, which this replaced; probe's own
// are in TestListModelsAndClosest.
func TestClosest(t *testing.T) {
	served := []string{"gpt-4o", "gpt-4o-mini", "gpt-4.1", "claude-sonnet-4-5", "claude-opus-4-1", "deepseek-chat", "o3", "GLM-4.6"}
	tests := []struct {
		want string
		n    int
		out  []string
	}{
		{"gpt-4o-2024-08-06", 2, []string{"gpt-4o", "gpt-4o-mini"}},
		{"gpt4o", 2, []string{"gpt-4o", "gpt-4o-mini"}},
		{"claude-sonet-4-5", 2, []string{"claude-sonnet-4-5", "claude-opus-4-1"}},
		{"claude-sonnet-4", 1, []string{"claude-sonnet-4-5"}},
		{"glm-4.6", 2, []string{"GLM-4.6", "gpt-4.1"}}, // case-only difference first
		{"deepseek-v3", 3, []string{"deepseek-chat"}},
		{"zzzzzzzz", 3, nil},
		{"", 3, nil},
		{"gpt-4o", 0, nil},
	}
	for _, tt := range tests {
		if got := Closest(tt.want, served, tt.n); !reflect.DeepEqual(got, tt.out) {
			t.Errorf("Closest(%q, %d) = %v, want %v", tt.want, tt.n, got, tt.out)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"kitten", "sitting", 3}, {"gpt-4o", "gpt-4o-mini", 5}, {"模型", "模形", 1}} {
		if got := editDistance(tt.a, tt.b); got != tt.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.d)
		}
	}
}
