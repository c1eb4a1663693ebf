package main

import (
	"fmt"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() { scriptCmds["termsafe"] = scriptTermSafe }

// scriptTermSafe fails when the last command's stdout or stderr holds
// anything a terminal acts on instead of showing: a control byte other
// than \n and \t (ESC, BEL, CR…), DEL, a C1 control, a bidi override or
// isolate, bytes that are not UTF-8. Scripts run without colour, so even
// a colour sequence is one.
//
//	termsafe
func scriptTermSafe(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) > 0 {
		ts.Fatalf("usage: termsafe")
	}
	for _, name := range []string{"stdout", "stderr"} {
		if msg := unsafeForTerminal(ts.ReadFile(name)); msg != "" {
			ts.Fatalf("%s: %s", name, msg)
		}
	}
}

func unsafeForTerminal(s string) string {
	if !utf8.ValidString(s) {
		return "bytes that are not UTF-8"
	}
	for i, r := range s {
		switch {
		case r == '\n' || r == '\t':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			return fmt.Sprintf("control %U at byte %d in %q", r, i, s[max(0, i-40):min(len(s), i+40)])
		case r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069:
			return fmt.Sprintf("bidi control %U at byte %d", r, i)
		}
	}
	return ""
}
