// Package truth checks keydoctor's facts about a tool against the tool
// itself. A fact is a configuration a user writes (files in a home and a
// project, variables of the shell) and what keydoctor says the tool will
// do with it: the request it sends (URL, auth header), the model and the
// key. Check writes the configuration into a scratch home whose base URL
// is a fake gateway on loopback, asks keydoctor's own reader what it
// predicts (discover, as status and doctor do), runs one headless turn
// of the real CLI, and compares the first model request the gateway saw
// with the prediction. A fact that no longer holds is a rule keydoctor
// must change for that version.
//
// Each tool package lists its facts (a Suite, through Teller); the test
// in this package runs them against the CLIs installed under the
// directory KEYDOCTOR_REAL_TOOLS names, and scripts/truth.sh installs the
// current versions from npm and runs it. Without that variable nothing
// here needs a real CLI.
package truth

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Suite is a tool's facts and how to run it once headless, as a user
// would: no redirect, the files as they are.
type Suite struct {
	// Package is the npm package the tool is installed from (the version
	// reported is the one behind its command).
	Package string
	// Command is the headless turn's arguments after the binary:
	// {prompt} is replaced by the prompt.
	Command []string
	// Env are variables every turn gets: telemetry and update checks
	// off, folder trust, so that the turn contacts nothing but the
	// gateway and waits for no answer.
	Env map[string]string
	// Files are written for every case before the case's own (which
	// replace one of the same name): what any turn needs, such as the
	// choice of an auth type.
	Files map[string]string
	// Models are served besides the fake gateway's defaults: the ones
	// the cases name, so that a turn completes.
	Models []string
	// Cases are the facts.
	Cases []Case
}

// Case is one fact, as the configuration that shows it.
type Case struct {
	// Fact says what is claimed, in a line.
	Fact string
	// Seen is the version the fact was observed with (docs/tools.md).
	Seen string
	// Files are written before the turn: a path starting "~/" is in the
	// home, any other is in the project (the turn's working directory).
	// Placeholders: {root} (the gateway root, no /v1), {key} (the key
	// the gateway accepts), {other} (a key it rejects), {home} (the
	// home directory).
	Files map[string]string
	// Env are variables of the shell for this case, with the same
	// placeholders.
	Env map[string]string
	// Expect, when set, is what the tool package's facts for the version
	// run (its tool.Facts; "" when none was detected) say beyond the
	// predicted request: no request at all, files rewritten or kept.
	Expect func(version string) Expect
}

// Teller is what a tool package implements (its tool.Tool's Impl) to
// have its facts checked.
type Teller interface {
	Truths() Suite
}

// Request is one model request: predicted by keydoctor or seen by the
// gateway.
type Request struct {
	Path  string       // the URL's path (no query)
	Model string       // the model asked for
	Auth  gateway.Auth // the header the key was in
	Key   string       // masked: which key was sent
}

// Result is one fact checked.
type Result struct {
	Tool    gateway.ToolID
	Version string // of the CLI run; "" when not found
	Fact    string
	Seen    string
	// Predicted is what keydoctor's reader says the tool will send;
	// Observed what the gateway got (zero when no request came).
	Predicted, Observed Request
	// Differences names each part that differs; empty: the fact holds.
	Differences []string
	// Err is why the case could not be checked (no prediction, the tool
	// could not start); it is not a changed fact.
	Err string
	// Output is the end of the tool's output, for a fact that failed, as
	// the tool wrote it: a Writer, or Untrusted in a test log, escapes it.
	Output string
}

// Held reports whether the tool did what keydoctor predicted.
func (r Result) Held() bool { return r.Err == "" && len(r.Differences) == 0 }

// compare lists what differs between the prediction and what was seen.
func compare(p, o Request) []string {
	var out []string
	if o == (Request{}) {
		return []string{"no model request reached the gateway"}
	}
	if p.Path != o.Path {
		out = append(out, "path "+o.Path+", predicted "+p.Path)
	}
	if p.Model != o.Model {
		out = append(out, "model "+orNone(o.Model)+", predicted "+orNone(p.Model))
	}
	if p.Auth != o.Auth {
		out = append(out, "key in "+orNone(string(o.Auth))+", predicted "+orNone(string(p.Auth)))
	}
	if p.Key != o.Key {
		out = append(out, "key "+orNone(o.Key)+", predicted "+orNone(p.Key))
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// expand fills a case's placeholders.
func expand(s string, p placeholders) string {
	return strings.NewReplacer("{root}", p.root, "{key}", Key, "{other}", Other, "{home}", p.home).Replace(s)
}

type placeholders struct{ root, home string }
