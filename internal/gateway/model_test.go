package gateway

import (
	"strings"
	"testing"
)

// The cases of the three comparisons this one replaced (probe's sameModel,
// relay's SameModel, checks' CompareModel), merged.
func TestCompareModels(t *testing.T) {
	tests := []struct {
		req, served string
		want        ModelMatch
	}{
		{"gpt-4o", "", ModelUnnamed},
		{"", "gpt-4o", ModelUnnamed},
		{"gpt-4o", "gpt-4o", ModelSame},
		{"GPT-4o", "gpt-4o", ModelSame},
		{" gpt-4o ", "gpt-4o", ModelSame},
		{"gpt-4o", "gpt-4o-2024-08-06", ModelAlias},
		{"gpt-4", "gpt-4-0613", ModelAlias},
		{"claude-sonnet-4-5", "claude-sonnet-4-5-20250929", ModelAlias},
		{"claude-3-5-sonnet", "claude-3-5-sonnet-20241022", ModelAlias},
		{"claude-3-5-sonnet-latest", "claude-3-5-sonnet-20241022", ModelAlias},
		{"claude-3-5-sonnet-20240620", "claude-3-5-sonnet-20241022", ModelAlias},
		{"claude-3-5-sonnet@20241022", "claude-3-5-sonnet", ModelAlias},
		{"openai/gpt-4o", "gpt-4o", ModelAlias},
		{"gpt-4o", "openai/gpt-4o-2024-08-06", ModelAlias},
		{"GPT-4o", "gpt-4o-latest", ModelAlias},
		{"llama3", "llama3:latest", ModelAlias},
		{"gemini-1.5-pro", "gemini-1.5-pro-002", ModelAlias},
		{"gpt-4o", "gpt-4o-mini", ModelOther},
		{"gpt-4o-mini", "gpt-4o", ModelOther},
		{"gpt-4o", "gpt-4o-mini-2024-07-18", ModelOther},
		{"gpt-4o", "gpt-4", ModelOther},
		{"gpt-4o", "gpt-4o-2024", ModelOther}, // a year is no snapshot
		{"claude-sonnet-4-5", "claude-haiku-4-5", ModelOther},
		{"claude-opus-4", "claude-opus-4-1", ModelOther},
		{"deepseek-chat", "deepseek-reasoner", ModelOther},
		{"a/", "b/", ModelOther},
	}
	for _, tt := range tests {
		got := CompareModels(tt.req, tt.served)
		if got != tt.want {
			t.Errorf("CompareModels(%q, %q) = %s, want %s", tt.req, tt.served, got, tt.want)
		}
		if same := tt.want == ModelSame || tt.want == ModelAlias; SameModel(tt.req, tt.served) != same {
			t.Errorf("SameModel(%q, %q) = %v, want %v", tt.req, tt.served, !same, same)
		}
	}
}

// FuzzCompareModels: a model is itself, and alias-ness does not depend on
// which side answered.
func FuzzCompareModels(f *testing.F) {
	for _, p := range [][2]string{{"gpt-4o", "gpt-4o-2024-08-06"}, {"claude-sonnet-4-5", "claude-haiku-4-5"}, {"a/b", "b"}, {"", "x"}, {"-latest", "x-0613"}, {"x-2024", "x-0229"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if strings.TrimSpace(a) != "" && CompareModels(a, a) != ModelSame {
			t.Fatalf("%q is not itself", a)
		}
		if strings.TrimSpace(a) == "" || strings.TrimSpace(b) == "" {
			return
		}
		if (CompareModels(a, b) == ModelOther) != (CompareModels(b, a) == ModelOther) {
			t.Fatalf("asymmetric: %q %q", a, b)
		}
	})
}

// String names a match in test failures.
func (m ModelMatch) String() string {
	return [...]string{"unnamed", "same", "alias", "other"}[m]
}
