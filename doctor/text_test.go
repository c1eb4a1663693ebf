package doctor

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
)

func TestFixListOrder(t *testing.T) {
	fs := []Finding{
		{Code: "secret-perms", Status: Warning, Fix: "chmod 600 ~/.env"},
		{Code: "url-double-version", Status: Error, Tool: "claude", Fix: "set base"},
		{Code: "triple-drift", Status: Warning, Fix: "set model"},
		{Code: "config-invalid", Status: Error, Fix: "fix json"},
		{Code: "url-double-version", Status: Error, Tool: "vscode", Fix: "set base"}, // same fix: one entry
		{Code: "", Status: OK, Fix: "ignored"},
		{Code: "connect-refused", Status: Error, Fix: "start it"},
		{Code: "url-insecure", Status: Warning, Fix: "use https"},
		{Code: "url-insecure", Status: Error, Fix: "use https now"},
	}
	var got []string
	for _, f := range fixList(fs) {
		got = append(got, f.fix)
	}
	// by severity (issue 30 item 3), then in catalog order: a file must
	// parse before its values mean anything, configuration before the wire
	want := []string{"fix json", "set base", "use https now", "start it", "use https", "set model", "chmod 600 ~/.env"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("order = %q\nwant    %q", got, want)
	}
}

func TestWriteTextGroupsAndRedacts(t *testing.T) {
	key := "sk-test-0123456789abcdef0123"
	fs := []Finding{
		{Check: "url-shape", Code: "url-double-version", Status: Error, Tool: "claude", Message: "bad base", Fix: "set it", Source: "~/.claude/settings.json:3"},
		{Check: "files", Status: OK, Message: "files parse"},
		{Check: "key", Status: Warning, Code: "key-malformed", Tool: "codex", Message: "the key " + key + " leaked", Fix: "retype"},
	}
	r := NewReport(gateway.Profile{Preset: "taotoken", Key: key}, fs)
	// What masks it is the run's writer, which knows every key the run saw.
	var b strings.Builder
	secrets := redact.NewSecrets()
	secrets.Add(key)
	w := redact.NewWriter(&b, secrets, redact.Options{})
	if err := WriteText(w, r, TextOptions{Title: "keydoctor doctor"}); err != nil {
		t.Fatal(err)
	}
	redact.Flush(w)
	out := b.String()
	if strings.Contains(out, key) {
		t.Errorf("key leaked:\n%s", out)
	}
	general, claude, codex := strings.Index(out, "\ngeneral\n"), strings.Index(out, "\nClaude Code\n"), strings.Index(out, "\nCodex CLI\n")
	if general < 0 || claude < general || codex < claude {
		t.Errorf("groups out of order:\n%s", out)
	}
	for _, want := range []string{"  error   url-double-version: bad base [~/.claude/settings.json:3] (fix 1)", "  1. error   set it", "  2. warning retype", "summary: 1 ok, 0 info, 1 warning, 1 error"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Errorf("colour without Color")
	}
}

// One root cause, one numbered fix: a doubled /v1 and the 404 it causes
// for the same tool, a relay that is down and the refused connection;
// the same codes in another tool stay apart.
func TestFixListGroupsRootCauses(t *testing.T) {
	fs := []Finding{
		{Code: "endpoint-not-found", Status: Error, Tool: "claude", Fix: "set the base URL to …/api"},
		{Code: "url-double-version", Status: Error, Tool: "claude", Fix: "drop the /v1"},
		{Code: "connect-refused", Status: Error, Tool: "codex", Fix: "start what listens at 127.0.0.1:15721"},
		{Code: "local-relay-down", Status: Error, Tool: "codex", Fix: "start CC Switch"},
		{Code: "endpoint-not-found", Status: Error, Tool: "cline", Fix: "set cline's base URL"},
	}
	var got []string
	for _, f := range fixList(fs) {
		got = append(got, f.fix+" ["+f.about(fs)+"]")
	}
	want := []string{
		"drop the /v1 [url-double-version in claude; endpoint-not-found in claude]",
		"start CC Switch [local-relay-down in codex; connect-refused in codex]",
		"set cline's base URL [endpoint-not-found in cline]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("fixes:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A finding's Source is derived from its typed place, as findings have
// always shown it.
func TestAtDisplay(t *testing.T) {
	e := env.FromMap(map[string]string{"HOME": "/h"})
	for _, tt := range []struct {
		at   At
		want string
	}{
		{At{File: "/h/.claude/settings.json", Line: 3, Key: "env.ANTHROPIC_BASE_URL"}, "~/.claude/settings.json:3"},
		{At{File: "/h/proj/.env"}, "~/proj/.env"},
		{At{File: "/h/.codex/config.toml", Line: 4, Col: 9}, "~/.codex/config.toml:4:9"},
		{At{File: "/etc/x.json", Line: 12}, "/etc/x.json:12"},
		{At{Key: "ANTHROPIC_BASE_URL"}, "$ANTHROPIC_BASE_URL"},
		{At{}, ""},
	} {
		tt.at.File = filepath.FromSlash(tt.at.File) // Windows shows the home as ~\ (and "/h" is "\h" there)
		f := Finding{Source: "stale"}.Located(e, tt.at)
		if want := filepath.FromSlash(tt.want); f.Source != want || f.At != tt.at {
			t.Errorf("Located(%+v): Source %q At %+v, want %q", tt.at, f.Source, f.At, want)
		}
	}
}
