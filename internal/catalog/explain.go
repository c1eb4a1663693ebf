package catalog

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Candidate is a code a query points at, and what matched.
type Candidate struct {
	Entry
	Why   []string // "the code", "HTTP 401", `"local proxy failed"`
	score int
}

var (
	statusRE = regexp.MustCompile(`\b([1-5][0-9][0-9])\b`)
	codeRE   = regexp.MustCompile(`[a-z0-9]+(?:-[a-z0-9]+)+`)
)

// Explain names the codes a query points at, the likeliest first: a code
// (url-double-version), an HTTP status ("401", "HTTP 429"), or an error
// message pasted from a tool, an SDK or curl, matched against every
// entry's symptoms and statuses. Nil when nothing matches.
func Explain(query string) []Candidate {
	q := strings.ToLower(strings.TrimSpace(query))
	if e, ok := Lookup(Code(q)); ok {
		return []Candidate{{Entry: e, Why: []string{"the code"}}}
	}
	byCode := map[Code]*Candidate{}
	hit := func(e Entry, score int, why string) {
		c := byCode[e.Code]
		if c == nil {
			c = &Candidate{Entry: e}
			byCode[e.Code] = c
		}
		c.score += score
		c.Why = append(c.Why, why)
	}
	for _, word := range codeRE.FindAllString(q, -1) {
		if e, ok := Lookup(Code(word)); ok {
			hit(e, 20, "names the code")
		}
	}
	for _, m := range statusRE.FindAllStringSubmatch(q, -1) {
		st, _ := strconv.Atoi(m[1])
		for _, e := range All() {
			for i, s := range e.Statuses {
				switch {
				case s != st:
				case e.Class == Config: // a status is the wire's word
					hit(e, 1, "HTTP "+m[1])
				default: // the code most typical of the status first
					hit(e, max(4-i, 1), "HTTP "+m[1])
				}
			}
		}
	}
	for _, e := range All() {
		for _, s := range e.Symptoms {
			if strings.Contains(q, s) {
				hit(e, 5+len(s)/4, strconv.Quote(s)) // a longer phrase says more
			}
		}
	}
	return rank(byCode)
}

// rank orders candidates by score (catalog order on ties) and keeps the
// ones within reach of the best.
func rank(byCode map[Code]*Candidate) []Candidate {
	order := map[Code]int{}
	for i, e := range All() {
		order[e.Code] = i
	}
	var out []Candidate
	for _, c := range byCode {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		return order[out[i].Code] < order[out[j].Code]
	})
	keep := 0
	for keep < len(out) && keep < 5 && out[keep].score*4 >= out[0].score {
		keep++
	}
	return out[:keep]
}
