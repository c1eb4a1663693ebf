package checks

// The checks a tool package adds (internal/tool/<id>/checks.go) build
// their findings with the same helpers as the checks here, so that every
// fix is spelled one way: these are those helpers, exported.

import (
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Finding is a finding about a discovered tool instance.
func Finding(t discover.Tool, code catalog.Code, st doctor.Status, msg, fix string, src string) doctor.Finding {
	return finding(t, code, st, msg, fix, src)
}

// Passed says a check passed for a tool.
func Passed(t discover.Tool, msg, src string) doctor.Finding { return okFinding(t, msg, src) }

// Skip says why a check did not apply.
func Skip(tool, msg string) doctor.Finding { return skip(tool, msg) }

// SetAt is the Edit slot giving the key at src a value, in its file's syntax.
func SetAt(e *env.Env, src discover.Source, value string) string { return setAt(e, src, value) }

// SetKeyAt is SetAt for the key, whose value is never printed.
func SetKeyAt(e *env.Env, src discover.Source, what string) string { return setKeyAt(e, src, what) }

// ExportAll is SetKeyAt for variables of the shell that none sets.
func ExportAll(e *env.Env, names []string) string { return exportAll(e, names) }

// RemoveFix is the Remove slot deleting a value at its source.
func RemoveFix(e *env.Env, s discover.Source) string { return removeFix(e, s) }

// RemoveAll is RemoveFix for several keys of one place.
func RemoveAll(keys []string, where string) string { return removeAll(keys, where) }

// SetupCmd is the keydoctor command that writes a tool's triple, or "".
func SetupCmd(t discover.Tool) string { return setupCmd(t) }

// SetupFor is SetupCmd by tool id.
func SetupFor(id string) string { return setupFor(id) }

// Src is a value's source as findings show it.
func Src(e *env.Env, v discover.Value) string { return src(e, v) }

// Where is a value's source with its key, for messages.
func Where(e *env.Env, v discover.Value) string { return where(e, v) }

// MaskKey shows a key as the contract says, or "(empty)".
func MaskKey(k string) string { return doctor.ShowKey(k) }

// BaseName is the key that holds a tool's base URL, without the
// settings' "env." prefix.
func BaseName(t discover.Tool) string { return baseName(t) }

// ReadJSONC reads a JSON-with-comments file as standard JSON.
func ReadJSONC(path string) ([]byte, bool) { return readJSONC(path) }

// StandardJSON is JSON with comments and trailing commas made standard,
// refusing what nests too deep.
func StandardJSON(b []byte) ([]byte, bool) { return standardJSON(b) }

// ReadDotEnv reads a .env file's variables (none when it does not parse).
func ReadDotEnv(path string) map[string]string { return readDotEnv(path) }

// ProfileValue is the profile's value of a field when the user set it
// (a flag, a variable, a config file; not a preset's default).
func ProfileValue(p gateway.Profile, f gateway.Field, v string) (string, bool) {
	r := driftCheck{profile: p}.explicit(f, v)
	return r.value, r.ok
}
