package probe

import (
	"sort"
	"strings"
	"unicode"
)

// Closest ranks the served model ids by how close they are to want and
// returns at most n of them, closest first: the "did you mean" when a
// model is not found. An id that contains or is
// contained in want ranks first, then ids sharing more name tokens
// (gpt, 4o, sonnet, …), then smaller edit distance. Ids that share nothing
// with want and are far from it by edit distance are left out: a list of
// unrelated models helps nobody pick.
func Closest(want string, served []string, n int) []string {
	w := strings.ToLower(strings.TrimSpace(want))
	if w == "" || n <= 0 {
		return nil
	}
	wt := modelTokens(w)
	type cand struct {
		id       string
		contains bool
		shared   int
		dist     int
	}
	var cs []cand
	seen := map[string]bool{}
	for _, id := range served {
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		s := strings.ToLower(id)
		c := cand{id: id, dist: editDistance(w, s), shared: sharedTokens(wt, modelTokens(s))}
		sq, wq := squash(s), squash(w)
		c.contains = strings.Contains(sq, wq) || strings.Contains(wq, sq)
		if !c.contains && c.shared == 0 && c.dist > len([]rune(w))/2 {
			continue
		}
		cs = append(cs, c)
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.dist == 0 || b.dist == 0 { // a case-only difference is the answer
			return a.dist < b.dist
		}
		if a.contains != b.contains {
			return a.contains
		}
		if a.shared != b.shared {
			return a.shared > b.shared
		}
		if a.dist != b.dist {
			return a.dist < b.dist
		}
		return a.id < b.id
	})
	var out []string
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, cs[i].id)
	}
	return out
}

// squash keeps letters and digits only: gpt4o and gpt-4o are one name.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// modelTokens splits a model id into its name parts: "vendor-3-5-sonnet"
// → vendor, 3, 5, sonnet; "openai/gpt-4o" → openai, gpt, 4o.
func modelTokens(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// sharedTokens counts the distinct tokens of a that b also has.
func sharedTokens(a, b []string) int {
	inB := map[string]bool{}
	for _, t := range b {
		inB[t] = true
	}
	n := 0
	for _, t := range a {
		if inB[t] {
			n++
			delete(inB, t) // count each token once
		}
	}
	return n
}
