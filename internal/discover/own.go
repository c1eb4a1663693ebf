package discover

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// AuthFor is the header a key named keyName is sent in: what a tool that
// knows the name says (KeyAuther: a family whose two key variables go in
// two headers), else the rule's.
func AuthFor(keyName string, r gateway.Tool) gateway.Auth {
	for _, t := range tool.All() {
		if ka, ok := t.Impl.(KeyAuther); ok {
			if a, ok := ka.ResolveKeyAuth(keyName); ok {
				return a
			}
		}
	}
	return r.Auth
}

// ProblemsIn are the problems found in one file.
func (s *Snapshot) ProblemsIn(path string) []Problem {
	var out []Problem
	for _, p := range s.Problems {
		if p.File == path {
			out = append(out, p)
		}
	}
	return out
}
