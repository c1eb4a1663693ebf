package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// TestJSONFlagsNameSchema: every command with --json names the schema of
// what it prints, in the form keydoctor/NAME@VERSION.
func TestJSONFlagsNameSchema(t *testing.T) {
	schema := regexp.MustCompile(`keydoctor/[a-z-]+@[0-9]+`)
	seen := 0
	for _, c := range newRootCmd(env.FromMap(nil)).Commands() {
		f := c.Flags().Lookup("json")
		if f == nil {
			continue
		}
		seen++
		if !schema.MatchString(f.Usage) {
			t.Errorf("%s --json: %q names no schema", c.Name(), f.Usage)
		}
	}
	if seen < 7 {
		t.Errorf("%d commands with --json, want at least 7 (doctor, status, setup, ping, verify, restore, bench)", seen)
	}
	for _, s := range []string{schemaReport, schemaStatus, schemaSetup, schemaPing, schemaVerify, schemaBackups, schemaRestore} {
		if !schema.MatchString(s) || schema.FindString(s) != s {
			t.Errorf("schema %q is not keydoctor/NAME@VERSION", s)
		}
	}
}

func TestWriteJSON(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	var b strings.Builder
	doc := struct {
		Schema string `json:"schema"`
		Note   string `json:"note"`
	}{schemaStatus, "leaked " + key}
	// the key is masked by the run's writer, as every output is
	secrets := redact.NewSecrets()
	secrets.Add(key)
	w := redact.NewWriter(&b, secrets, redact.Options{})
	if err := writeJSON(w, doc); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	want := "{\n  \"schema\": \"keydoctor/status@1\",\n  \"note\": \"leaked " + redact.Mask(key) + "\"\n}\n"
	if b.String() != want {
		t.Errorf("writeJSON wrote\n%s\nwant\n%s", b.String(), want)
	}
}
