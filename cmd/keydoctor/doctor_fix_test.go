package main

import (
	"regexp"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["cmpstamp"] = cmdCmpStamp
}

// stamp is a timestamp as Cline writes updatedAt, which a fix sets to now.
var stamp = regexp.MustCompile(`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z`)

// cmpstamp FILE WANT is cmp with every timestamp in both read as one.
func cmdCmpStamp(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cmpstamp FILE WANT")
	}
	got := stamp.ReplaceAllString(ts.ReadFile(args[0]), "TIME")
	want := stamp.ReplaceAllString(ts.ReadFile(args[1]), "TIME")
	if got != want {
		ts.Fatalf("%s and %s differ beyond timestamps:\n--- %s\n%s\n--- %s\n%s", args[0], args[1], args[0], got, args[1], want)
	}
}
