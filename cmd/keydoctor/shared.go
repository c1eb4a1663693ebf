package main

// Helpers more than one command uses: how a command finds the project and
// the tools' files, which secrets to redact, colour, and how a refused edit
// is reported. Each command's own helpers stay in its file.

import (
	"errors"
	"os"
	"strings"

	"github.com/keydoctor/keydoctor/internal/complete"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// checkProject refuses a --project that is not a directory: a typo would
// otherwise silently find no .env and no project settings.
func checkProject(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return usageErrorf("give the directory that holds the project's .env and .claude/", "--project %s is not a directory", dir)
	}
	return nil
}

// parseTool reads a tool name as people type it: any case, spaces around
// it ignored. A name that is no tool is a usage error listing those that
// are: a filter that silently matches nothing would look like a clean bill.
func parseTool(name string) (gateway.ToolID, error) {
	t, ok := tool.Lookup(name)
	if !ok {
		return "", usageErrorf("use one of "+toolNames(nil), "unknown tool %q", strings.TrimSpace(name))
	}
	return t.ID, nil
}

// toolNames lists the ids of the tools that keep accepts (every tool when
// keep is nil), for messages and help: "a, b, c" from the one list.
func toolNames(keep func(tool.Tool) bool) string {
	return strings.Join(complete.Tools(keep), ", ")
}

// stderrColor is useColor for the error lines: auto means stderr is a
// terminal. A bad --color was reported already: no colour then.
func stderrColor(e *env.Env, mode string) bool {
	if mode != "always" && mode != "auto" && mode != "" {
		return false
	}
	_, noColor := e.Lookup("NO_COLOR")
	return mode == "always" || (isTerminal(e.Stderr) && !noColor && e.Getenv("TERM") != "dumb")
}

// useColor decides colouring: never, always, or (auto) on a terminal
// unless NO_COLOR is set.
func useColor(e *env.Env, mode string) (bool, error) {
	switch mode {
	case "never":
		return false, nil
	case "always":
		return true, nil
	case "auto", "":
		_, noColor := e.Lookup("NO_COLOR")
		return e.IsTerminal && !noColor && e.Getenv("TERM") != "dumb", nil
	}
	return false, usageErrorf("use --color auto, always or never", "invalid --color %q", mode)
}

// refusal turns a refused file into exit status 2 with file, line and
// column; other errors stay failures.
func refusal(e *env.Env, err error) error {
	var re *writers.RefusedError
	if errors.As(err, &re) {
		msg, hint := re.Text(e.Tilde)
		return usageErrorf(hint, "%s", msg)
	}
	var ue *gateway.UsageError
	if errors.As(err, &ue) {
		return err
	}
	return failf("", "%v", err)
}
