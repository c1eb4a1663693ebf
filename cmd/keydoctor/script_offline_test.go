package main

import (
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["finding"] = cmdFinding
	scriptCmds["listen"] = cmdListen
	scriptCmds["freeport"] = cmdFreePort
	scriptCmds["expand"] = cmdExpand
}

// expand FILE... replaces $VAR and ${VAR} in files with the script's
// variables (txtar files are literal; ports are known only at run time).
func cmdExpand(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: expand FILE...")
	}
	for _, f := range args {
		data := os.Expand(ts.ReadFile(f), ts.Getenv)
		ts.Check(os.WriteFile(ts.MkAbs(f), []byte(data), 0o600))
	}
}

// finding CODE TOOL SOURCE FIX-REGEXP [STATUS] asserts that the report in
// the last stdout (doctor --json) holds a finding with that code, tool
// (- for none), source and a fix matching the regexp (- for any). With
// ! it asserts that no finding has that code (and tool, unless -).
func cmdFinding(ts *testscript.TestScript, neg bool, args []string) {
	if (!neg && len(args) < 4) || (neg && len(args) < 1) {
		ts.Fatalf("usage: finding CODE TOOL SOURCE FIX-REGEXP [STATUS]  |  ! finding CODE [TOOL]")
	}
	var r doctor.Report
	if err := json.Unmarshal([]byte(ts.ReadFile("stdout")), &r); err != nil {
		ts.Fatalf("stdout is not a report: %v", err)
	}
	want := func(f doctor.Finding, i int) bool {
		if i >= len(args) || args[i] == "-" {
			return true
		}
		switch i {
		case 0:
			return string(f.Code) == args[0]
		case 1:
			return string(f.Tool) == args[1]
		case 2:
			return f.Source == args[2]
		case 3:
			return regexp.MustCompile(args[3]).MatchString(f.Fix)
		case 4:
			return f.Status.String() == args[4]
		}
		return true
	}
	var seen []string
	for _, f := range r.Findings {
		ok := true
		for i := range args {
			ok = ok && want(f, i)
		}
		if ok {
			if neg {
				ts.Fatalf("unexpected finding %s (%s) in %s: %s", f.Code, f.Status, f.Tool, f.Message)
			}
			return
		}
		if string(f.Code) == args[0] {
			seen = append(seen, string(f.Tool)+" | "+f.Source+" | "+f.Status.String()+" | "+f.Fix)
		}
	}
	if !neg {
		ts.Fatalf("no finding %s; with that code: %s", strings.Join(args, " "), strings.Join(seen, "\n"))
	}
}

// listen NAME listens on a loopback port until the script ends and sets
// $NAME to its address (host:port) and $NAME_PORT to the port.
func cmdListen(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: listen NAME")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	ts.Defer(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	setAddr(ts, args[0], l.Addr().String())
}

// freeport NAME sets $NAME to a loopback address where nothing listens
// (a port just bound and released).
func cmdFreePort(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: freeport NAME")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	addr := l.Addr().String()
	ts.Check(l.Close())
	setAddr(ts, args[0], addr)
}

func setAddr(ts *testscript.TestScript, name, addr string) {
	_, port, _ := net.SplitHostPort(addr)
	ts.Setenv(name, addr)
	ts.Setenv(name+"_PORT", port)
}

// TestEveryConfigCodeHasScript: each configuration code of the catalog has
// its doctor_<code>.txtar.
func TestEveryConfigCodeHasScript(t *testing.T) {
	for _, en := range catalog.All() {
		if en.Class != catalog.Config {
			continue
		}
		if _, err := os.Stat(filepath.Join("testdata", "script", "doctor_"+string(en.Code)+".txtar")); err != nil {
			t.Errorf("no script for %s: %v", en.Code, err)
		}
	}
}
