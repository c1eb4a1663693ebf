package json5pos

import (
	"errors"
	"strings"
	"testing"
)

const userFile = `// my OpenClaw config
{
  gateway: { port: 18789 }, // local only
  models: {
    providers: {
      other: {
        baseUrl: 'https://other.example/v1',
        models: [{ id: 'a', name: 'A' },],
      },
    },
  },
  agents: {defaults: {model: {primary: 'other/a'}}},
}
`

// Setting a key keeps every other byte: the comments, the bare keys, the
// single quotes, the trailing commas; new members copy their siblings'
// indentation, bare keys and trailing comma; a second run changes nothing.
func TestSetKeepsBytes(t *testing.T) {
	d, err := ParseDoc([]byte(userFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		path  []string
		value any
	}{
		{[]string{"models", "providers", "kd", "baseUrl"}, "https://gw.example/v1"},
		{[]string{"models", "providers", "kd", "apiKey"}, "${GW_KEY}"},
		{[]string{"agents", "defaults", "model", "primary"}, "kd/m1"},
		{[]string{"models", "providers", "other", "baseUrl"}, "https://other.example/v1"},
	} {
		if _, err := d.Set(s.path, s.value); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Append([]string{"models", "providers", "kd", "models"}, Obj{{"id", "m1"}, {"name", "m1"}}); err == nil {
		t.Fatal("appended to a missing array")
	}
	if _, err := d.Set([]string{"models", "providers", "kd", "models"}, []any{Obj{{"id", "m1"}, {"name", "m1"}}}); err != nil {
		t.Fatal(err)
	}
	if err := d.Append([]string{"models", "providers", "other", "models"}, Obj{{"id", "b"}, {"name", "B"}}); err != nil {
		t.Fatal(err)
	}
	want := `// my OpenClaw config
{
  gateway: { port: 18789 }, // local only
  models: {
    providers: {
      other: {
        baseUrl: 'https://other.example/v1',
        models: [{ id: 'a', name: 'A' }, { id: "b", name: "B" },],
      },
      kd: {
        baseUrl: "https://gw.example/v1",
        apiKey: "${GW_KEY}",
        models: [
          {
            id: "m1",
            name: "m1"
          }
        ]
      },
    },
  },
  agents: {defaults: {model: {primary: 'kd/m1'}}},
}
`
	if got := string(d.Bytes()); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	again, _ := ParseDoc(d.Bytes())
	if ch, _ := again.Set([]string{"agents", "defaults", "model", "primary"}, "kd/m1"); ch {
		t.Error("setting the same value again changed the file")
	}
}

// Insertion styles: JSON without trailing commas, a last member with a
// line comment, one-line documents, CRLF, empty objects.
func TestInsertStyles(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"json", "{\n  \"a\": 1\n}\n", "{\n  \"a\": 1,\n  \"b\": {\n    \"c\": \"x\"\n  }\n}\n"},
		{"comment after last", "{\n  a: 1 // one\n}", "{\n  a: 1, // one\n  b: {\n    c: \"x\"\n  }\n}"},
		{"one line", `{"a": 1}`, `{"a": 1, "b": { "c": "x" }}`},
		{"empty one line", `{}`, `{"b": { "c": "x" }}`},
		{"empty", "{\n}\n", "{\n  \"b\": {\n    \"c\": \"x\"\n  }\n}\n"},
		{"crlf tabs", "{\r\n\ta: 1,\r\n}\r\n", "{\r\n\ta: 1,\r\n\tb: {\r\n\t\tc: \"x\"\r\n\t},\r\n}\r\n"},
		{"empty nested with comment", "{\n  b: { /* none yet */ }\n}", "{\n  b: {\n    \"c\": \"x\" /* none yet */ }\n}"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseDoc([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := d.Set([]string{"b", "c"}, "x"); err != nil {
				t.Fatal(err)
			}
			if got := string(d.Bytes()); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// A value on the path that is not an object is refused with its place.
func TestSetRefusesNonObject(t *testing.T) {
	d, err := ParseDoc([]byte("{\n  models: 'none'\n}"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Set([]string{"models", "providers", "kd"}, "x")
	var pe *PathError
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Col != 11 || !strings.Contains(pe.Error(), `"models" is a string, not an object`) {
		t.Fatalf("got %v", err)
	}
	if _, err := ParseDoc([]byte("[1]")); err == nil {
		t.Fatal("an array at the top accepted")
	}
}
