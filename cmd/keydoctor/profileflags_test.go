package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// --key-stdin on a terminal prompts on stderr and reads without echo;
// piped, it reads the line silently.
func TestKeyStdinTerminal(t *testing.T) {
	oldTerm, oldRead := stdinTerminal, readPassword
	t.Cleanup(func() { stdinTerminal, readPassword = oldTerm, oldRead })

	var hidden int
	readPassword = func(fd int) ([]byte, error) { hidden++; return []byte(wizardKey), nil }
	for _, tty := range []bool{true, false} {
		stdinTerminal = func(io.Reader) (int, bool) { return 7, tty }
		var stderr bytes.Buffer
		e := env.FromMap(map[string]string{"HOME": testutil.TempDir(t)})
		e.Stdin, e.Stderr = strings.NewReader(wizardKey+"\n"), &stderr
		f := profileFlags{keyStdin: true, command: "setup"}
		p, err := f.load(e)
		if err != nil || p.Key != wizardKey || p.Source("key") != "stdin" {
			t.Fatalf("tty %v: key from %q, err %v", tty, p.Source("key"), err)
		}
		wantPrompt := map[bool]string{true: "API key (input hidden): \n", false: ""}[tty]
		if stderr.String() != wantPrompt {
			t.Errorf("tty %v: stderr %q, want %q", tty, stderr.String(), wantPrompt)
		}
	}
	if hidden != 1 {
		t.Errorf("read without echo %d times, want once (the terminal)", hidden)
	}
}
