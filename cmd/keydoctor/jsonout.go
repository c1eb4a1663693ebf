package main

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/buildinfo"
	"github.com/keydoctor/keydoctor/internal/ping"
	"github.com/keydoctor/keydoctor/internal/restore"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/status"
	"github.com/keydoctor/keydoctor/internal/verify"
	"github.com/spf13/pflag"
)

// The --json documents, each named keydoctor/NAME@VERSION in its "schema"
// field. Scripts outside the project parse them: within a version a
// document only gains fields; renaming or dropping one is a new version.
const (
	schemaReport  = doctor.ReportSchema // doctor
	schemaStatus  = status.Schema
	schemaSetup   = setup.Schema
	schemaPing    = ping.Schema
	schemaVerify  = verify.Schema
	schemaBackups = restore.SchemaBackups // restore, listing
	schemaRestore = restore.SchemaRestore
	schemaVersion = buildinfo.Schema
)

// addJSONFlag adds --json, naming the document's schema in the help.
func addJSONFlag(fs *pflag.FlagSet, p *bool, schema string) {
	fs.BoolVar(p, "json", false, "print one JSON document (schema "+schema+")")
}

// writeJSON prints one --json document: a typed struct with its schema,
// indented by two spaces, one newline at the end. Keys in doc are masked
// already; the run's writer (w) masks every secret the run has seen once
// more, as in text, and encoding/json has escaped every control byte.
func writeJSON(w io.Writer, doc any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
