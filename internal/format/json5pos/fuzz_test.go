package json5pos

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
)

var fuzzSeeds = []string{userFile, "{}", "{\n}\n", `{"a": 1}`, "{\r\n\ta: 1,\r\n}\r\n", "{\n  a: 1 // one\n}",
	"{a: '\\x41', b: [1, 2,], c: {d: +Infinity}}", "{\n  models: 'none'\n}", "\ufeff{a:/* c */[]}", "[1]", "{a:1,,}"}

// FuzzParse: any input either parses or is refused with a position; what
// is valid JSON without duplicate keys is valid JSON5 with the same
// strings, objects and arrays.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data)
		if err != nil {
			var je *jsonpos.Error
			if !errors.As(err, &je) {
				t.Fatalf("not a positioned error: %v", err)
			}
			if jsonpos.Validate(data) == nil && json.Valid(data) {
				t.Fatalf("valid JSON refused: %v", err)
			}
			return
		}
		if n.Start < 0 || n.End > len(data) || n.Start >= n.End {
			t.Fatalf("span %d..%d of %d bytes", n.Start, n.End, len(data))
		}
	})
}

// FuzzSet: for any JSON5 object, setting a provider's key and appending a
// model leaves every other value as it was, the result parses, and
// setting it again changes nothing.
func FuzzSet(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDoc(data)
		if err != nil {
			return
		}
		before := Plain(d.Root).(map[string]any)
		path := []string{"models", "providers", "kd", "baseUrl"}
		if _, err := d.Set(path, "https://gw.example/v1\"'\u2028"); err != nil {
			var pe *PathError
			if !errors.As(err, &pe) {
				t.Fatalf("not a path error: %v", err)
			}
			return
		}
		if err := d.Append([]string{"models", "providers", "kd"}, "x"); err == nil {
			t.Fatal("appended to an object")
		}
		out := d.Bytes()
		re, err := ParseDoc(out)
		if err != nil {
			t.Fatalf("result does not parse: %v\n%s", err, out)
		}
		if v, _ := re.Lookup(path...).Text(); v != "https://gw.example/v1\"'\u2028" {
			t.Fatalf("baseUrl = %q", v)
		}
		after := Plain(re.Root).(map[string]any)
		kd := dig(after, "models", "providers")
		delete(kd, "kd")
		if b := dig(before, "models", "providers"); b != nil {
			delete(b, "kd")
		}
		if prov := dig(after, "models"); prov != nil && len(kd) == 0 && dig(before, "models", "providers") == nil {
			delete(prov, "providers")
		}
		if m := dig(after, "models"); m != nil && len(m) == 0 && dig(before, "models") == nil {
			delete(after, "models")
		}
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("other values changed:\nbefore %#v\nafter  %#v\n%s", before, after, out)
		}
		if ch, err := re.Set(path, "https://gw.example/v1\"'\u2028"); ch || err != nil {
			t.Fatalf("second set changed %v, %v", ch, err)
		}
	})
}

func dig(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		next, ok := m[k].(map[string]any)
		if !ok {
			return nil
		}
		m = next
	}
	return m
}
