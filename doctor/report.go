package doctor

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// ReportSchema names the JSON document `doctor --json` prints.
const ReportSchema = "keydoctor/report@1"

// Report is the `doctor --json` document, keydoctor/report@1: a contract
// (docs/architecture.md, Contracts).
type Report struct {
	Schema   string         `json:"schema"`
	Profile  gateway.Public `json:"profile"`
	Findings []Finding      `json:"findings"`
	Summary  Summary        `json:"summary"`
	// Requests and Tokens say what the wire checks cost (doctor part 2).
	Requests int `json:"requests,omitempty"`
	Tokens   int `json:"tokens,omitempty"`
	// Tools are the installed versions of the configured tools, where
	// one was found.
	Tools []ToolVersion `json:"tools,omitempty"`
}

// ToolVersion is a tool's installed version: where it was read (its
// package.json, or the command run with --version), and the version its
// facts were observed with.
type ToolVersion struct {
	Tool     string `json:"tool"`
	Version  string `json:"version"`
	Source   string `json:"source"`
	Observed string `json:"observed,omitempty"`
}

// versionOf is the installed version the report names for a tool.
func (r Report) versionOf(id string) string {
	for _, t := range r.Tools {
		if t.Tool == id {
			return t.Version
		}
	}
	return ""
}

// Summary counts findings by status.
type Summary struct {
	OK      int `json:"ok"`
	Info    int `json:"info"`
	Warning int `json:"warning"`
	Error   int `json:"error"`
	Skipped int `json:"skipped"`
	Failed  int `json:"failed"`
}

// NewReport builds a report and its summary.
func NewReport(p gateway.Profile, fs []Finding) Report {
	if fs == nil {
		fs = []Finding{}
	}
	r := Report{Schema: ReportSchema, Profile: p.Public(), Findings: fs}
	for _, f := range fs {
		switch f.Status {
		case OK:
			r.Summary.OK++
		case Info:
			r.Summary.Info++
		case Warning:
			r.Summary.Warning++
		case Error:
			r.Summary.Error++
		case Skipped:
			r.Summary.Skipped++
		case Failed:
			r.Summary.Failed++
		}
	}
	return r
}

// Failing reports whether the report fails the run (exit status 1): any
// error finding, or any warning when strict. The contract counts errors
// only; a failed check is reported but does not by itself fail the run.
func (r Report) Failing(strict bool) bool {
	return r.Summary.Error > 0 || (strict && r.Summary.Warning > 0)
}
