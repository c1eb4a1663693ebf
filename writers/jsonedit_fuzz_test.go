package writers

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/keydoctor/keydoctor/internal/jsonpos"
)

// FuzzJSONSetKeepsOthers: for any valid JSON or JSONC object, setting
// env.X and removing env.Y leaves every other member equal, and the result
// is still valid in the same dialect.
func FuzzJSONSetKeepsOthers(f *testing.F) {
	for _, s := range []string{claudeSettingsWithHooks, "{}", `{"env":{}}`, "{\n\t\"env\": {\"Y\": 1,},\n}", vscodeSettings, "\ufeff{\"a\":[1,{}]}", "{ // c\n}"} {
		f.Add([]byte(s), true)
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, jsonc bool) {
		doc, err := parseJSONDoc("f.json", data, jsonc)
		if err != nil {
			var re *RefusedError
			if !errors.As(err, &re) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		before := standard(t, doc.bytes(), jsonc)
		if _, err := doc.set([]string{"env", "X"}, "v\"\n"); err != nil {
			return // env is not an object: refused
		}
		doc.remove("env", "Y")
		out := doc.bytes()
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
		d, err := parseJSONDoc("x", b, true)
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
