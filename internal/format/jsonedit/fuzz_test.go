package jsonedit

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/format/eol"
	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
	"github.com/tailscale/hujson"
)

// settingsWithHooks is a settings file with more than the members an
// edit owns: nested arrays of objects, and an env object of two.
const settingsWithHooks = `{
    "permissions": {
        "allow": ["Run(make lint)", "Read(~/.profile)"],
        "deny": ["Read(./secrets)"]
    },
    "hooks": {
        "BeforeRun": [{"match": "Run", "hooks": [{"type": "command", "command": "echo hi"}]}]
    },
    "env": {
        "FOO": "bar",
        "OLD_API_KEY": "sk-old-00000000000000000000"
    },
    "model": "large"
}
`

// jsoncSettings is an editor's JSONC settings: a line comment before the
// object, block and end-of-line comments, and trailing commas.
const jsoncSettings = `// editor settings
{
    "editor.fontSize": 14, // big
    /* servers, as a blog said */
    "mcp.servers": {
        "docs": {"command": "npx", "args": ["-y", "@example/docs-server"],},
    },
    "files.exclude": {
        "**/.git": true,
    },
}
`

// FuzzJSONSetKeepsOthers: for any valid JSON or JSONC object, setting
// env.X and removing env.Y leaves every other member equal, and the result
// is still valid in the same dialect.
func FuzzJSONSetKeepsOthers(f *testing.F) {
	for _, s := range []string{settingsWithHooks, "{}", `{"env":{}}`, "{\n\t\"env\": {\"Y\": 1,},\n}", jsoncSettings, "\ufeff{\"a\":[1,{}]}", "{ // c\n}"} {
		f.Add([]byte(s), true)
		f.Add([]byte(s), false)
		crlf := []byte(strings.ReplaceAll(s, "\n", "\r\n"))
		f.Add(crlf, true)
		f.Add(crlf, false)
	}
	f.Fuzz(func(t *testing.T, data []byte, jsonc bool) {
		doc, err := Parse(data, jsonc)
		if err != nil {
			var re *Error
			if !errors.As(err, &re) {
				t.Fatalf("not an *Error: %v", err)
			}
			return
		}
		before := standard(t, doc.Bytes(), jsonc)
		if _, err := doc.Set([]string{"env", "X"}, "v\"\n"); err != nil {
			return // env is not an object: refused
		}
		doc.Remove("env", "Y")
		out := doc.Bytes()
		if bytes.Contains(data, []byte("\r\n")) && !eol.HasBareLF(data) && eol.HasBareLF(out) {
			t.Fatalf("a CRLF file got a bare LF:\n%q\nresult\n%q", data, out)
		}
		check := jsonpos.Validate
		if jsonc {
			check = jsonpos.ValidateJSONC
		}
		if err := check(out); err != nil {
			t.Fatalf("result invalid: %v\n%s", err, out)
		}
		after := standard(t, out, jsonc)
		env, _ := after["env"].(map[string]any)
		if env["X"] != "v\"\n" {
			t.Fatalf("env.X = %v", env["X"])
		}
		delete(env, "X")
		if be, ok := before["env"].(map[string]any); ok {
			delete(be, "Y")
			delete(be, "X")
			if !reflect.DeepEqual(be, env) {
				t.Fatalf("env changed: %v -> %v", be, env)
			}
		}
		delete(before, "env")
		delete(after, "env")
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("other members changed")
		}
	})
}

func standard(t *testing.T, b []byte, jsonc bool) map[string]any {
	t.Helper()
	if len(b) >= 3 && string(b[:3]) == "\ufeff" {
		b = b[3:]
	}
	if jsonc {
		d, err := Parse(b, true)
		if err != nil {
			t.Fatal(err)
		}
		v := d.root.Clone()
		v.Standardize()
		b = v.Pack()
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return m
}

// FuzzJSONSetOnlyTouchesOwned is the byte-level promise: setting env.X
// changes no byte outside env.X's old value, or, when env.X is new in a
// non-empty env object, only inserts bytes.
func FuzzJSONSetOnlyTouchesOwned(f *testing.F) {
	for _, s := range []string{settingsWithHooks, `{"env":{"X":"old","Y":1}}`, "{\n\t\"env\": {\"Y\": 1,},\n}", "\ufeff{\"env\":{\"A\":[1]}} ", "{\"env\": {\"X\": {\"deep\": true}}, \"z\": null}"} {
		f.Add([]byte(s), true)
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, jsonc bool) {
		doc, err := Parse(data, jsonc)
		if err != nil || len(bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))) == 0 {
			return
		}
		skip := len(data) - len(doc.orig)
		env := doc.Lookup("env")
		if env == nil {
			return
		}
		obj, ok := env.Value.(*hujson.Object)
		if !ok || len(obj.Members) == 0 {
			return
		}
		start, end := -1, -1
		if x := doc.Lookup("env", "X"); x != nil {
			start, end = skip+x.StartOffset, skip+x.EndOffset
		}
		if _, err := doc.Set([]string{"env", "X"}, "new value"); err != nil {
			t.Fatal(err)
		}
		out := doc.Bytes()
		p := commonPrefix(data, out)
		q := commonSuffix(data[p:], out[p:])
		changedFrom, changedTo := p, len(data)-q // the original's changed bytes
		if start < 0 {
			if !subsequence(data, out) {
				t.Fatalf("adding env.X did more than insert:\n%s\nresult\n%s", data, out)
			}
			return
		}
		if changedFrom < start || changedTo > end {
			t.Fatalf("changed %d..%d outside env.X's value %d..%d", changedFrom, changedTo, start, end)
		}
	})
}

func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func commonSuffix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

// subsequence reports whether every byte of a is in b, in order: b only
// inserted bytes.
func subsequence(a, b []byte) bool {
	i := 0
	for j := 0; i < len(a) && j < len(b); j++ {
		if a[i] == b[j] {
			i++
		}
	}
	return i == len(a)
}
