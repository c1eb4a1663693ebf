// Package catalog is keydoctor's one catalog of diagnoses: one typed code
// per failure, and for each its class (configuration or wire), the rung or
// condition it belongs to, its default severity, its rank in the fix list,
// whether a retry can help, its title and usual causes, the one fix text
// (a template whose slots each finding fills), and the symptoms users
// paste (`keydoctor explain "…"`). Classify is the one classifier of what a
// gateway answered: status, headers and body become a code.
//
// It sits below every package that classifies or reports failures (probe,
// the checks, the wire ladder, verify, doctor, the commands) and imports
// none of them.
package catalog

import (
	"slices"
	"sort"
)

// Class says how a code is found.
type Class string

const (
	Config Class = "config" // from files and environment, no network
	Wire   Class = "wire"   // from requests to the gateway
)

// Rung is where a code belongs: for wire codes the rung of the doctor's
// ladder it breaks, for configuration codes the condition it is about, in
// the order fixes are done (a file must parse before its values mean
// anything; values before their shape; shape before precedence; the
// environment once the configuration is right; hygiene last).
type Rung string

const (
	RungReach   Rung = "reach"   // DNS, connect, TLS, any HTTP answer
	RungAuth    Rung = "auth"    // the key is accepted
	RungModels  Rung = "models"  // the model is served
	RungRequest Rung = "request" // the tool's request is understood
	RungStream  Rung = "stream"  // the stream is well formed
	RungLatency Rung = "latency" // the stream is fast enough
	RungAny     Rung = "any"     // breaks whichever rung met it

	CondFiles       Rung = "files"       // a file parses and is read
	CondValues      Rung = "values"      // the triple is set, key usable
	CondURLs        Rung = "urls"        // the base URL's shape
	CondPrecedence  Rung = "precedence"  // which source wins, tools agree
	CondEnvironment Rung = "environment" // proxies, local relays
	CondHygiene     Rung = "hygiene"     // permissions, git
)

// Severity is a code's default severity; a finding may lower it (a side
// path, a value that is only shadowed). Its values are doctor's status
// names.
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// Entry is one catalog entry.
type Entry struct {
	Code     Code
	Class    Class
	Rung     Rung
	Severity Severity
	// FixRank orders the doctor's numbered fix list: lower first; equal
	// ranks keep report order.
	FixRank int
	// Retry: a later attempt of the same request may succeed (rate limits,
	// transient failures). Never true for quota or configuration codes.
	Retry bool
	// FileFix: `doctor --fix` fixes some findings of the code by editing a
	// file keydoctor writes. The check that raises such a finding proposes
	// the edit (doctor.Finding.Edit); --fix applies an edit only for a
	// code that says so here, so a new edit is a decision made beside the
	// code, and a test holds every such code to a check proposing one.
	FileFix bool
	Title   string
	Causes  []string
	// Fix is the one fix text of the code, a template (see Render).
	Fix string
	// Symptoms are texts users see in their tools (Claude Code, Codex,
	// Cline, Gemini CLI, Qwen Code, OpenCode, the SDKs, curl), lower case,
	// matched as substrings of what they paste into `keydoctor explain`.
	Symptoms []string
	// Statuses are the HTTP statuses the code can come with, the most
	// typical first (`keydoctor explain 429`).
	Statuses []int
	// Explains lists the codes a finding with this code causes for the
	// same tool (a doubled /v1 makes the request 404): the report shows
	// the fix once, under this code.
	Explains []Code
}

var byCode = func() map[Code]Entry {
	m := make(map[Code]Entry, len(entries))
	for _, e := range entries {
		if _, dup := m[e.Code]; dup {
			panic("catalog: duplicate code " + e.Code)
		}
		m[e.Code] = e
	}
	return m
}()

var entries = slices.Concat(configEntries, windowsEntries, toolEntries, claudeEntries, codexEntries, copilotEntries, openClawEntries, wireEntries, piEntries, versionEntries, headerEntries, crushEntries, mcpEntries, droidEntries, routerEntries)

// Lookup returns the entry for a code.
func Lookup(code Code) (Entry, bool) {
	e, ok := byCode[code]
	return e, ok
}

// Of returns the entry for a code, or a zero entry (rank after every
// known code, no retry) for one the catalog does not know.
func Of(code Code) Entry {
	if e, ok := byCode[code]; ok {
		return e
	}
	return Entry{Code: code, FixRank: 1 << 20, Severity: Error}
}

// All returns every entry, config codes first, each class in catalog order.
func All() []Entry {
	out := append([]Entry(nil), entries...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Class == Config && out[j].Class == Wire })
	return out
}

// Codes returns every code, for "did you mean" hints and completion.
func Codes() []Code {
	out := make([]Code, len(entries))
	for i, e := range entries {
		out[i] = e.Code
	}
	return out
}

// Known reports whether s is a catalog code.
func Known(s string) bool {
	_, ok := byCode[Code(s)]
	return ok
}
