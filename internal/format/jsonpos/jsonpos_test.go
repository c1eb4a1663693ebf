package jsonpos

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		line, col int // 0: valid
	}{
		{"object", `{"a": {"b": [1, 2, {"c": null}]}, "d": "x"}`, 0, 0},
		{"array top level is still JSON", `[1, 2]`, 0, 0},
		{"bom tolerated", "\ufeff{\"a\": 1}\n", 0, 0},
		{"same key in sibling objects", `{"a": {"k": 1}, "b": {"k": 2}}`, 0, 0},
		{"trailing comma", "{\n  \"a\": 1,\n}", 3, 1},
		{"missing comma", "{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3},
		{"duplicate key", "{\n  \"env\": {},\n  \"env\": {}\n}", 3, 3},
		{"nested duplicate", "{\"env\": {\"A\": \"1\", \"A\": \"2\"}}", 1, 20},
		{"unclosed", "{\"a\": [1, 2", 1, 12},
		{"trailing text", "{}\n{}", 2, 1},
		{"empty", "  \n", 1, 1},
		{"comment in strict JSON", "{\n // c\n}", 2, 2},
		{"column counts characters", "{\"é\": 1,,}", 1, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate([]byte(tt.in))
			if tt.line == 0 {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if e.Line != tt.line || e.Col != tt.col {
				t.Errorf("at %d:%d (%s), want %d:%d", e.Line, e.Col, e.Msg, tt.line, tt.col)
			}
		})
	}
}

func TestValidateJSONC(t *testing.T) {
	ok := "// settings\n{\n  /* block */ \"a\": 1, // end\n  \"b\": [1, 2,],\n}\n"
	if err := ValidateJSONC([]byte(ok)); err != nil {
		t.Fatalf("valid JSONC refused: %v", err)
	}
	tests := []struct {
		in        string
		line, col int
	}{
		{"{\n  // c\n  \"a\": 1\n  \"b\": 2\n}", 4, 3},
		{"{\n  \"a\": 1, // c\n  \"a\": 2,\n}", 3, 3},
		{"{\n  \"é\": 1 ; \n}", 2, 10},
	}
	for _, tt := range tests {
		err := ValidateJSONC([]byte(tt.in))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: err = %v", tt.in, err)
			continue
		}
		if e.Line != tt.line || e.Col != tt.col {
			t.Errorf("%q: at %d:%d (%s), want %d:%d", tt.in, e.Line, e.Col, e.Msg, tt.line, tt.col)
		}
	}
}

// FuzzValidate: Validate agrees with encoding/json on what is JSON, except
// that it also refuses duplicate keys, and its positions are in range.
func FuzzValidate(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1,"a":2}`, `[1,{"b":[]}]`, "{\n\"a\":\n}", `"x"`, "\ufeff{}", `{"a":{"b":1},"c":[{"b":2}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := Validate(data)
		body := data
		if len(body) >= 3 && string(body[:3]) == "\ufeff" {
			body = body[3:]
		}
		std := json.Valid(body)
		if err == nil && !std {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		var e *Error
		if err != nil {
			if !errors.As(err, &e) {
				t.Fatalf("error of type %T", err)
			}
			if e.Line < 1 || e.Col < 1 {
				t.Fatalf("position %d:%d", e.Line, e.Col)
			}
		}
	})
}

// A token written as a key twice is named by its place, not quoted.
func TestDuplicateKeyHidesToken(t *testing.T) {
	tok := "ghp_0123456789abcdefABCDEF0123456789abcd"
	err := Validate([]byte(`{"` + tok + `": 1, "` + tok + `": 2}`))
	if err == nil || strings.Contains(err.Error(), tok) {
		t.Errorf("err = %v", err)
	}
	if err := Validate([]byte(`{"env": 1, "env": 2}`)); err == nil || !strings.Contains(err.Error(), `duplicate key "env"`) {
		t.Errorf("err = %v", err)
	}
}
