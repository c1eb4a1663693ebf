package session

import (
	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/bench/selftest"
)

// The JSON documents bench prints besides bench.Report (schema
// bench.Schema): their schema names are contracts.
const (
	HistorySchema  = "keydoctor/bench-history@1"
	SelfTestSchema = "keydoctor/bench-self-test@1"
)

// HistoryDocument is `keydoctor bench history --json`.
type HistoryDocument struct {
	Schema  string         `json:"schema"`
	File    string         `json:"file"`
	Skipped []string       `json:"skipped_lines,omitempty"`
	Series  []bench.Series `json:"series"`
}

// SelfTestDocument is `keydoctor bench --self-test --json`.
type SelfTestDocument struct {
	Schema string `json:"schema"`
	selftest.Result
}
