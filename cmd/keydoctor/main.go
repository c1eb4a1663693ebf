// Command keydoctor writes one gateway triple (base URL, key, model) into
// every AI tool a developer uses, proves each tool reaches the intended
// model, and names the cause and fix of every failure.
package main

import (
	"os"
	"runtime"

	"github.com/keydoctor/keydoctor/internal/env"
	_ "github.com/keydoctor/keydoctor/internal/tool/all" // every tool keydoctor knows, registered
	"golang.org/x/term"
)

func main() { os.Exit(Main()) }

// Main runs keydoctor in the real process environment and returns the
// exit status. testscript calls it in a subprocess.
func Main() int { return Execute(processEnv(), os.Args[1:]) }

// processEnv is the environment of the running process.
func processEnv() *env.Env {
	e := env.OS(runtime.GOOS)
	e.IsTerminal = term.IsTerminal(int(os.Stdin.Fd())) && term.IsTerminal(int(os.Stdout.Fd()))
	return e
}
