package checks

// The generic checks run over every tool; where a tool adds to one of
// them, its package implements one of these on its tool.Tool's Impl and
// the check asks for it (a tool package's checks.go, methods Checks…).

import (
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// KeyExplainer is a tool whose missing key one of its own checks reports
// under a more precise code: triple-present then says nothing of it.
type KeyExplainer interface {
	ChecksKeyExplained(s *discover.Snapshot, t discover.Tool) bool
}

// FileChecker adds to config-files what a tool would silently reset in
// files that parse.
type FileChecker interface {
	ChecksFiles(e *env.Env, s *discover.Snapshot) []doctor.Finding
}

// URLChecker is a finding about a tool's base URL that replaces
// url-insecure (the tool refuses the URL rather than sending the key in
// clear text); profileBase is the base URL setup would write.
type URLChecker interface {
	ChecksURL(e *env.Env, t discover.Tool, profileBase string) (doctor.Finding, bool)
}

// implOf is the Impl of a registered tool (nil when it is not).
func implOf(id gateway.ToolID) any {
	t, _ := tool.Lookup(string(id))
	return t.Impl
}
