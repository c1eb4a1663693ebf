package jsonpos

import (
	"errors"
	"strings"
	"testing"
)

func nested(n int) string { return `{"a":` + strings.Repeat("[", n) + strings.Repeat("]", n) + "}" }

func TestDepthIsBounded(t *testing.T) {
	for _, v := range []func([]byte) error{Validate, ValidateJSONC} {
		// The object is one level, the arrays the rest.
		if err := v([]byte(nested(MaxDepth - 1))); err != nil {
			t.Fatalf("%d levels refused: %v", MaxDepth, err)
		}
		for _, n := range []int{MaxDepth, 1_000_000} {
			err := v([]byte(nested(n)))
			var e *Error
			if !errors.As(err, &e) || e.Line != 1 || e.Col != 5+MaxDepth || !strings.Contains(e.Msg, "nested more than the maximum of 10000 levels") {
				t.Fatalf("%d levels: %v, want a refusal at 1:%d", n+1, err, 5+MaxDepth)
			}
		}
	}
	// Brackets in strings and comments are not nesting.
	deepText := `"` + strings.Repeat("[{", MaxDepth) + `"`
	if err := ValidateJSONC([]byte("{\"a\": " + deepText + ", // " + strings.Repeat("[", MaxDepth+1) + "\n /* " + strings.Repeat("{", MaxDepth+1) + " */ \"b\": \"\\\"[\"}")); err != nil {
		t.Fatalf("brackets in strings and comments counted: %v", err)
	}
}
