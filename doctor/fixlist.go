package doctor

import (
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

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
		s := string(fs[i].Code)
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

// fixList gathers the fixes of error and warning findings in the order the
// catalog ranks their codes (a file must parse before its values mean
// anything, …; wire codes after configuration, in report order), errors
// before warnings within one code.
func fixList(fs []Finding) []fix {
	var idx []int
	for i, f := range fs {
		if (f.Status == Error || f.Status == Warning) && f.Fix != "" {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		fa, fb := fs[idx[a]], fs[idx[b]]
		if ra, rb := catalog.Of(fa.Code).FixRank, catalog.Of(fb.Code).FixRank; ra != rb {
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
