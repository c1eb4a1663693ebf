package jsonedit

import (
	"encoding/json"
	"testing"
)

func TestAppendTo(t *testing.T) {
	entry := json.RawMessage(`{"id":"m","envKey":"K"}`)
	tests := []struct{ name, in, want string }{
		{"empty array", "{\n  \"p\": {\n    \"l\": []\n  }\n}\n",
			"{\n  \"p\": {\n    \"l\": [\n      {\n        \"id\": \"m\",\n        \"envKey\": \"K\"\n      }\n    ]\n  }\n}\n"},
		{"one line", `{"p": {"l": [{"id": "a"}]}}`,
			`{"p": {"l": [{"id": "a"}, {"id":"m","envKey":"K"}]}}`},
		{"one line in an indented file", "{\n  \"l\": [{\"id\": \"a\"}] // mine\n}\n",
			"{\n  \"l\": [{\"id\": \"a\"}, {\"id\":\"m\",\"envKey\":\"K\"}] // mine\n}\n"},
		{"trailing comma and comment", "{\n  \"l\": [\n    {\"id\": \"a\"}, // mine\n  ],\n}\n",
			"{\n  \"l\": [\n    {\"id\": \"a\"}, // mine\n    {\n      \"id\": \"m\",\n      \"envKey\": \"K\"\n    },\n  ],\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse([]byte(tt.in), true)
			if err != nil {
				t.Fatal(err)
			}
			path := []string{"p", "l"}
			if doc.Lookup(path...) == nil {
				path = []string{"l"}
			}
			ok, err := doc.AppendTo(path, entry)
			if err != nil || !ok {
				t.Fatalf("appendTo = %v, %v", ok, err)
			}
			if got := string(doc.Bytes()); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if _, err := Parse(doc.Bytes(), true); err != nil {
				t.Errorf("the result does not parse: %v", err)
			}
		})
	}
}

func TestAppendToRefusesNonArrays(t *testing.T) {
	doc, err := Parse([]byte(`{"l": {"a": 1}}`), false)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := doc.AppendTo([]string{"l"}, 1); ok {
		t.Error("appended to an object")
	}
	if ok, _ := doc.AppendTo([]string{"missing"}, 1); ok {
		t.Error("appended to nothing")
	}
}

// An index into an array reaches its element for set, str and remove.
func TestArrayIndexPaths(t *testing.T) {
	doc, err := Parse([]byte(`{"l": [{"id": "a", "k": "x"}, 3]}`), false)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := doc.Str("l", "0", "id"); !ok || v != "a" {
		t.Errorf("str = %q, %v", v, ok)
	}
	if _, err := doc.Set([]string{"l", "0", "b"}, "u"); err != nil {
		t.Fatal(err)
	}
	if !doc.Remove("l", "0", "k") {
		t.Error("remove found nothing")
	}
	if got, want := string(doc.Bytes()), `{"l": [{"id": "a", "b": "u"}, 3]}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if _, err := doc.Set([]string{"l", "1", "b"}, "u"); err == nil {
		t.Error("set inside a number")
	}
	if _, err := doc.Set([]string{"l", "5", "b"}, "u"); err == nil {
		t.Error("set past the end of an array")
	}
}

func TestJSONCInsertKeepsSameLineComment(t *testing.T) {
	doc, err := Parse([]byte("{\n  \"a\": 1 // about a\n}\n"), true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := doc.Set([]string{"b"}, "x"); err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\": 1, // about a\n  \"b\": \"x\"\n}\n"
	if got := string(doc.Bytes()); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
