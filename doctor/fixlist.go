package doctor

import (
	"slices"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// fix is one numbered entry of the "to fix" list; identical fixes of
// several findings, and findings one root cause explains, are one entry.
type fix struct {
	fix      string
	findings []int
}

// about names the findings a fix resolves: code, tool and source.
func (f fix) about(fs []Finding) string {
	var parts []string
	seen := map[string]bool{}
	for _, i := range f.findings {
		s := string(fs[i].Code)
		if fs[i].Tool != "" {
			s += " in " + string(fs[i].Tool)
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

// fixList gathers the fixes of error and warning findings by severity,
// errors first, then in the order the catalog ranks their codes (a file must parse before its values mean
// anything, …; wire codes after configuration, in report order), errors
// before warnings within one code. A finding that another one explains
// (a doubled /v1 makes the request 404; a relay that is down refuses the
// connection) joins that one's fix: one root cause, one numbered fix.
func fixList(fs []Finding) []fix {
	var idx []int
	for i, f := range fs {
		if (f.Status == Error || f.Status == Warning) && f.Fix != "" {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		fa, fb := fs[idx[a]], fs[idx[b]]
		if fa.Status != fb.Status {
			return fa.Status > fb.Status // by severity: Error (4) before Warning (3)
		}
		return catalog.Of(fa.Code).FixRank < catalog.Of(fb.Code).FixRank
	})
	var out []fix
	pos := map[string]int{}
	for _, i := range idx {
		n, ok := pos[fs[i].Fix]
		if !ok {
			n = explainer(fs, out, i)
		}
		if n >= 0 {
			out[n].findings = append(out[n].findings, i)
			continue
		}
		pos[fs[i].Fix] = len(out)
		out = append(out, fix{fix: fs[i].Fix, findings: []int{i}})
	}
	return out
}

// explainer is the fix whose finding explains finding i: same tool (or a
// finding about no tool), a code whose catalog entry lists i's code in
// Explains; or a finding about the very same value (samePlace: one broken
// value, one fix). -1 when none does.
func explainer(fs []Finding, fixes []fix, i int) int {
	for n, fx := range fixes {
		for _, j := range fx.findings {
			cause := fs[j]
			if (cause.Tool == fs[i].Tool || cause.Tool == "") && slices.Contains(catalog.Of(cause.Code).Explains, fs[i].Code) {
				return n
			}
			if samePlace(cause, fs[i]) {
				return n
			}
		}
	}
	return -1
}

// samePlace reports whether a wire finding and a configuration finding
// are about one value: the same tool and the same file and line (a Source
// "~/x.toml:1 (model)" and "~/x.toml:1" name one place): a tool's model
// both drifted from the profile and not served. Such findings are one
// broken value: one numbered fix, and a --fix edit of one cures the other.
// Two configuration findings of one value say different things (the
// profile's value, the team's) and keep their own fixes.
func samePlace(a, b Finding) bool {
	pa, pb := place(a.Source), place(b.Source)
	return a.Tool == b.Tool && pa != "" && pa == pb && catalog.Of(a.Code).Class != catalog.Of(b.Code).Class
}

// SameValue is samePlace by the findings' typed places (At), for --fix:
// an applied edit of one cures the other. The report still matches the
// Source text, since not every check gives its findings an At yet.
func SameValue(a, b Finding) bool {
	return a.Tool == b.Tool && a.At.File != "" && a.At.Line > 0 && a.At.File == b.At.File && a.At.Line == b.At.Line &&
		catalog.Of(a.Code).Class != catalog.Of(b.Code).Class
}

// place is a Source's file and line, "" when it names no line (a
// variable, a whole file, a profile).
func place(src string) string {
	if i := strings.Index(src, " ("); i >= 0 {
		src = src[:i]
	}
	i := strings.LastIndexByte(src, ':')
	if i < 0 || i == len(src)-1 {
		return ""
	}
	for _, r := range src[i+1:] {
		if r < '0' || r > '9' {
			return ""
		}
	}
	return src
}
