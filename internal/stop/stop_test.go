package stop

import (
	"errors"
	"fmt"
	"testing"
)

func TestError(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", Usage("pass --x", "bad %s", "flag"))
	var e *Error
	if !errors.As(err, &e) || !e.Usage || e.Msg != "bad flag" || e.Hint != "pass --x" {
		t.Fatalf("got %+v", e)
	}
	if f := Fail("", "%d failed", 2); f.Usage || f.Error() != "2 failed" {
		t.Errorf("got %+v", f)
	}
}
