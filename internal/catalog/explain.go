package catalog

import (
	"fmt"
	"net/http"
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

// Closest is the codes a mistyped code most likely meant, nearest first:
// those within a few edits of it (a third of its length, at least two), or
// that contain it whole. Nil when none is near.
func Closest(s string) []Code {
	s = strings.ToLower(strings.TrimSpace(s))
	type near struct {
		code Code
		d    int
	}
	var found []near
	limit := max(2, len(s)/3)
	for _, c := range Codes() {
		d := editDistance(s, string(c))
		if len(s) >= 4 && strings.Contains(string(c), s) {
			d = min(d, 1)
		}
		if d <= limit {
			found = append(found, near{c, d})
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].d < found[j].d })
	var out []Code
	for i := 0; i < len(found) && i < 3; i++ {
		out = append(out, found[i].code)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, by bytes (the
// codes are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// StatusMeaning names an HTTP status that no code lists and says where to
// look next; ok is false when s is not an HTTP status.
func StatusMeaning(s string) (status, next string, ok bool) {
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(s)), "HTTP")))
	if err != nil || n < 100 || n > 599 {
		return "", "", false
	}
	status = fmt.Sprintf("HTTP %d", n)
	if name := http.StatusText(n); name != "" {
		status += " (" + name + ")"
	}
	switch n / 100 {
	case 4:
		next = "a 4xx is the gateway refusing the request as sent: its answer says why ('keydoctor ping' prints it), and 'keydoctor doctor' checks the key, the URL and the model"
	case 5:
		next = "a 5xx is the gateway or its upstream failing: 'keydoctor explain server-error'; 'keydoctor doctor' checks the route"
	case 3:
		next = "a 3xx is a redirect: 'keydoctor explain http-redirect'"
	default:
		next = "it is not an error status; 'keydoctor explain --list' lists every code"
	}
	return status, next, true
}
