package main

import (
	"os"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["perm"] = scriptPerm
	scriptCmds["islink"] = scriptIsLink
}

// scriptPerm checks a file's permission bits: perm FILE 0600.
func scriptPerm(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: perm FILE MODE")
	}
	want, err := strconv.ParseUint(args[1], 8, 32)
	if err != nil {
		ts.Fatalf("perm: bad mode %q", args[1])
	}
	fi, err := os.Stat(ts.MkAbs(args[0]))
	ts.Check(err)
	got := uint64(fi.Mode().Perm())
	if (got == want) == neg {
		ts.Fatalf("%s: mode %04o, want %s%04o", args[0], got, map[bool]string{true: "not ", false: ""}[neg], want)
	}
}

// scriptIsLink checks that a path is a symbolic link: islink PATH.
func scriptIsLink(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: islink PATH")
	}
	fi, err := os.Lstat(ts.MkAbs(args[0]))
	ts.Check(err)
	if (fi.Mode()&os.ModeSymlink != 0) == neg {
		ts.Fatalf("%s: symlink = %v", args[0], !neg)
	}
}
