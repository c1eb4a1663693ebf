package shellprofile_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/format/shellprofile"
	"github.com/keydoctor/keydoctor/internal/shell"
)

const owner = "copilot"

var vars = []shellprofile.Var{
	{Name: "COPILOT_PROVIDER_BASE_URL", Value: "https://gw.example/api/v1"},
	{Name: "COPILOT_PROVIDER_API_KEY", Ref: "TAOTOKEN_API_KEY"},
	{Name: "COPILOT_MODEL", Value: `it's "$(rm -rf ~)" \ ok`},
}

func TestLinePerShell(t *testing.T) {
	tests := []struct {
		kind shell.Kind
		want []string
	}{
		{shell.POSIX, []string{
			`export COPILOT_PROVIDER_BASE_URL='https://gw.example/api/v1'`,
			`export COPILOT_PROVIDER_API_KEY="${TAOTOKEN_API_KEY}"`,
			`export COPILOT_MODEL='it'\''s "$(rm -rf ~)" \ ok'`}},
		{shell.Fish, []string{
			`set -gx COPILOT_PROVIDER_BASE_URL 'https://gw.example/api/v1'`,
			`set -gx COPILOT_PROVIDER_API_KEY $TAOTOKEN_API_KEY`,
			`set -gx COPILOT_MODEL 'it\'s "$(rm -rf ~)" \\ ok'`}},
		{shell.PowerShell, []string{
			`$env:COPILOT_PROVIDER_BASE_URL = 'https://gw.example/api/v1'`,
			`$env:COPILOT_PROVIDER_API_KEY = $env:TAOTOKEN_API_KEY`,
			`$env:COPILOT_MODEL = 'it''s "$(rm -rf ~)" \ ok'`}},
	}
	for _, tt := range tests {
		t.Run(string(tt.kind), func(t *testing.T) {
			for i, v := range vars {
				if got := shellprofile.Line(tt.kind, v); got != tt.want[i] {
					t.Errorf("line %d = %s\nwant %s", i, got, tt.want[i])
				}
			}
			// What is written reads back as the same variables.
			out, err := shellprofile.Merge(nil, owner, tt.kind, vars)
			if err != nil {
				t.Fatal(err)
			}
			b, err := shellprofile.Find(out, owner)
			if err != nil || !b.Found || len(b.Other) != 0 {
				t.Fatalf("find: %+v, %v", b, err)
			}
			for i, v := range vars {
				if got := b.Vars[i].Var; got != v || b.Vars[i].Line != i+3 {
					t.Errorf("read back %+v at line %d, want %+v", got, b.Vars[i].Line, v)
				}
			}
		})
	}
}

func TestMerge(t *testing.T) {
	block := func(eol string, vs ...shellprofile.Var) string {
		s, err := shellprofile.Render(shell.POSIX, owner, vs, eol)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	one := []shellprofile.Var{{Name: "A", Value: "1"}}
	two := []shellprofile.Var{{Name: "A", Value: "2"}}
	tests := []struct{ name, in, want string }{
		{"empty file", "", block("\n", one...)},
		{"appended after a blank line", "alias ll='ls -l'\n", "alias ll='ls -l'\n\n" + block("\n", one...)},
		{"no final newline", "PS1='$ '", "PS1='$ '\n\n" + block("\n", one...)},
		{"replaced in place", "# top\n" + block("\n", two...) + "# bottom\n", "# top\n" + block("\n", one...) + "# bottom\n"},
		{"crlf kept", "# top\r\n", "# top\r\n\r\n" + block("\r\n", one...)},
		{"a line edited by hand inside is replaced", "x\n# >>> keydoctor copilot >>>\nexport A=$(whoami)\n# <<< keydoctor copilot <<<\ny\n", "x\n" + block("\n", one...) + "y\n"},
		{"another owner's block kept", "# >>> keydoctor other >>>\nexport A='9'\n# <<< keydoctor other <<<\n", "# >>> keydoctor other >>>\nexport A='9'\n# <<< keydoctor other <<<\n\n" + block("\n", one...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := shellprofile.Merge([]byte(tt.in), owner, shell.POSIX, one)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
			again, _ := shellprofile.Merge(got, owner, shell.POSIX, one)
			if !bytes.Equal(again, got) {
				t.Errorf("a second merge changed it: %q", again)
			}
		})
	}
}

func TestFindRefuses(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
	}{
		{"begin without end", "a\n# >>> keydoctor copilot >>>\nexport A='1'\n", 2},
		{"end without begin", "a\nb\n# <<< keydoctor copilot <<<\n", 3},
		{"two begins", "# >>> keydoctor copilot >>>\n# >>> keydoctor copilot >>>\n# <<< keydoctor copilot <<<\n", 2},
		{"two blocks", "# >>> keydoctor copilot >>>\n# <<< keydoctor copilot <<<\n# >>> keydoctor copilot >>>\n# <<< keydoctor copilot <<<\n", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := shellprofile.Merge([]byte(tt.in), owner, shell.POSIX, vars)
			var se *shellprofile.SyntaxError
			if !errors.As(err, &se) || se.Line != tt.line {
				t.Errorf("err = %v, want a syntax error at line %d", err, tt.line)
			}
		})
	}
}

func TestRenderRefuses(t *testing.T) {
	for _, v := range []shellprofile.Var{
		{Name: "A B", Value: "1"}, {Name: "A", Value: "1\nrm -rf ~"}, {Name: "A", Value: "\x1b[2J"}, {Name: "A", Value: "\u009b2J"}, {Name: "A", Value: "\x9b"}, {Name: "A", Ref: "B;rm"},
	} {
		if _, err := shellprofile.Merge(nil, owner, shell.POSIX, []shellprofile.Var{v}); err == nil {
			t.Errorf("%+v accepted", v)
		}
	}
}

func TestRemove(t *testing.T) {
	in := "alias ll='ls -l'\n"
	with, _ := shellprofile.Merge([]byte(in), owner, shell.Fish, vars)
	out, err := shellprofile.Remove(with, owner)
	if err != nil || string(out) != in {
		t.Errorf("remove = %q, %v; want %q", out, err, in)
	}
	if !strings.Contains(string(with), "set -gx") {
		t.Errorf("fish block: %q", with)
	}
}
