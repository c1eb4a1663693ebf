// Package catalog is the diagnosis catalog (docs/architecture.md): one stable code
// per failure, each with a title, its usual causes and the fix. Findings
// carry a code; `keydoctor explain` prints the entry. It sits below every
// package that classifies failures (probe, checks, doctor).
package catalog

import "sort"

// Stage says how a code is found.
type Stage string

const (
	Config Stage = "config" // from files and environment, no network
	Wire   Stage = "wire"   // from requests to the gateway
)

// Entry is one catalog entry.
type Entry struct {
	Code   string   `json:"code"`
	Stage  Stage    `json:"stage"`
	Title  string   `json:"title"`
	Causes []string `json:"causes"`
	Fix    string   `json:"fix"`
}

var byCode = func() map[string]Entry {
	m := make(map[string]Entry, len(entries))
	for _, e := range entries {
		if _, dup := m[e.Code]; dup {
			panic("catalog: duplicate code " + e.Code)
		}
		m[e.Code] = e
	}
	return m
}()

// Lookup returns the entry for a code.
func Lookup(code string) (Entry, bool) {
	e, ok := byCode[code]
	return e, ok
}

// All returns every entry, config codes first, each stage in catalog order.
func All() []Entry {
	out := append([]Entry(nil), entries...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Stage == Config && out[j].Stage == Wire })
	return out
}

// Codes returns every code, for "did you mean" hints.
func Codes() []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.Code
	}
	return out
}
