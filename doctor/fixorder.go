package doctor

import (
	"sort"
	"strings"
)

// fixOrder is the order in which fixes are done: a file must parse before
// its values mean anything; a value must exist before its shape matters;
// shape before precedence and agreement between tools; the environment
// (proxy, relay) once the configuration is right; hygiene (permissions,
// git) last, since it does not stop anything from working. Codes not
// listed (the wire codes) follow, in report order.
var fixOrder = []string{
	"config-invalid", "config-ignored", "codex-chat-wire",
	"env-missing", "codex-env-key-unset",
	"key-malformed", "key-placeholder", "claude-key-rejected", "auth-conflict",
	"url-invalid", "url-has-query", "url-has-endpoint", "url-double-version", "url-missing-version", "url-insecure",
	"value-overridden", "triple-drift",
	"proxy-unreachable", "proxy-captures-local", "local-relay-down",
	"secret-in-git", "secret-perms",
}

// fix is one numbered entry of the "to fix" list; identical fixes of
// several findings are one entry.
type fix struct {
	fix      string
	findings []int
}

// about names the findings a fix resolves: code, tool and source.
func (f fix) about(fs []Finding) string {
	var parts []string
	seen := map[string]bool{}
	for _, i := range f.findings {
		s := fs[i].Code
		if fs[i].Tool != "" {
			s += " in " + fs[i].Tool
		}
		if fs[i].Source != "" {
			s += " at " + fs[i].Source
		}
		if !seen[s] {
			seen[s] = true
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "; ")
}

// fixList gathers the fixes of error and warning findings in fixOrder,
// errors before warnings within one code.
func fixList(fs []Finding) []fix {
	rank := func(code string) int {
		for i, c := range fixOrder {
			if c == code {
				return i
			}
		}
		return len(fixOrder)
	}
	var idx []int
	for i, f := range fs {
		if (f.Status == Error || f.Status == Warning) && f.Fix != "" {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		fa, fb := fs[idx[a]], fs[idx[b]]
		if ra, rb := rank(fa.Code), rank(fb.Code); ra != rb {
			return ra < rb
		}
		return fa.Status > fb.Status // Error (4) before Warning (3)
	})
	var out []fix
	pos := map[string]int{}
	for _, i := range idx {
		if n, ok := pos[fs[i].Fix]; ok {
			out[n].findings = append(out[n].findings, i)
			continue
		}
		pos[fs[i].Fix] = len(out)
		out = append(out, fix{fix: fs[i].Fix, findings: []int{i}})
	}
	return out
}
