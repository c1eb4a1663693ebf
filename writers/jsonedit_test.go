package writers

import (
	"errors"
	"strings"
	"testing"
)

// TestJSONRefusals: what the editor cannot edit refuses the file, naming
// it with line and column and saying what to do; the top-level value
// needs no advice beyond its reason.
func TestJSONRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, src  string
		edit       []string // a Set at this path after parsing; nil: parse only
		line, col  int
		reason     string
		hintPrefix string
	}{
		{"does not parse", "{\n  \"a\": 1,,\n}\n", nil, 2, 10, "", "fix the file by hand"},
		{"top level", "\n[1]\n", nil, 2, 1, "the top-level value is an array, not an object", ""},
		{"a string on the way", "{\n  \"env\": \"x\"\n}\n", []string{"env", "K"}, 2, 10, `"env" is a string, not an object`, "make it an object"},
	} {
		doc, err := ParseJSON("s.json", []byte(tc.src), false)
		if err == nil && tc.edit != nil {
			_, err = doc.Set(tc.edit, "v")
		}
		var re *RefusedError
		if !errors.As(err, &re) {
			t.Fatalf("%s: err = %v, want a refusal", tc.name, err)
		}
		if re.Path != "s.json" || re.Line != tc.line || re.Col != tc.col || (tc.reason != "" && re.Reason != tc.reason) ||
			!strings.HasPrefix(re.Hint, tc.hintPrefix) || (tc.hintPrefix == "") != (re.Hint == "") {
			t.Errorf("%s: %+v", tc.name, re)
		}
	}
	doc, err := ParseJSON("s.json", []byte(`{"a": {}}`), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := doc.Set([]string{"a", "f"}, func() {}); err == nil || errors.As(err, new(*RefusedError)) {
		t.Errorf("a value JSON cannot encode: %v, want the encoder's error, not a refusal", err)
	}
	if _, err := doc.Object("a"); err != nil {
		t.Errorf("Object(a) = %v", err)
	}
}
