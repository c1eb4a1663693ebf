package bench

import (
	"fmt"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"math"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// RateLimits are the limits a gateway's headers state on one answer
// (OpenAI's x-ratelimit-*, Anthropic's anthropic-ratelimit-*). Zero and
// nil mean not stated.
type RateLimits struct {
	LimitRequests     int     `json:"limit_requests,omitempty"`
	LimitTokens       int     `json:"limit_tokens,omitempty"`
	RemainingRequests *int    `json:"remaining_requests,omitempty"`
	RemainingTokens   *int    `json:"remaining_tokens,omitempty"`
	RetryAfterS       float64 `json:"retry_after_s,omitempty"`
}

// rateHeaders are the header names of each figure, OpenAI's first.
var rateHeaders = struct{ limitReq, limitTok, remReq, remTok []string }{
	limitReq: []string{"X-Ratelimit-Limit-Requests", "Anthropic-Ratelimit-Requests-Limit"},
	limitTok: []string{"X-Ratelimit-Limit-Tokens", "Anthropic-Ratelimit-Tokens-Limit", "Anthropic-Ratelimit-Input-Tokens-Limit"},
	remReq:   []string{"X-Ratelimit-Remaining-Requests", "Anthropic-Ratelimit-Requests-Remaining"},
	remTok:   []string{"X-Ratelimit-Remaining-Tokens", "Anthropic-Ratelimit-Tokens-Remaining", "Anthropic-Ratelimit-Input-Tokens-Remaining"},
}

// parseRateLimits reads the headers; nil when they state nothing.
func parseRateLimits(h http.Header, retryAfter time.Duration) *RateLimits {
	first := func(names []string) (int, bool) {
		for _, n := range names {
			// An absent header is the common case: skip it before Atoi,
			// whose error for "" is an allocation per header per request.
			if s := strings.TrimSpace(h.Get(n)); s != "" {
				if v, err := strconv.Atoi(s); err == nil {
					return v, true
				}
			}
		}
		return 0, false
	}
	r := RateLimits{RetryAfterS: retryAfter.Seconds()}
	r.LimitRequests, _ = first(rateHeaders.limitReq)
	r.LimitTokens, _ = first(rateHeaders.limitTok)
	if v, ok := first(rateHeaders.remReq); ok {
		r.RemainingRequests = &v
	}
	if v, ok := first(rateHeaders.remTok); ok {
		r.RemainingTokens = &v
	}
	if r == (RateLimits{}) {
		return nil
	}
	return &r
}

// Walls says which limit the rate-limited (429) requests of a level hit:
// the concurrency wall (too many requests at once) or a rate wall over
// time (tokens or requests per minute). Both answer 429.
type Walls struct {
	RateLimited int `json:"rate_limited"`
	Concurrency int `json:"concurrency"` // 429s put down to the concurrency wall
	TPM         int `json:"tpm"`         // to tokens per minute
	RPM         int `json:"rpm"`         // to requests per minute
	Unknown     int `json:"unknown,omitempty"`
	// Wall is the one most 429s hit: concurrency, tpm, rpm or unknown.
	Wall string `json:"wall"`
	// Served is how many requests the gateway was serving when it refused
	// one (the wall's limit); without refusals on concurrency, the most
	// it served at once.
	Served int    `json:"served_at_once"`
	Reason string `json:"reason"`
}

// classifyWalls looks at a level's 429s. Headers and error texts decide
// where they say which limit was hit; otherwise the load shape does: at
// the concurrency wall every 429 comes while the gateway is already
// serving its most requests at once, at a rate wall they come whatever it
// serves (after the minute's budget ran out, even with nothing in flight).
func classifyWalls(samples []Sample) *Walls {
	var ok, limited []*Sample
	for i := range samples {
		s := &samples[i]
		switch {
		case s.Warmup || s.Interrupted:
		case s.OK():
			ok = append(ok, s)
		case s.Code == string(catalog.RateLimited):
			limited = append(limited, s)
		}
	}
	if len(limited) == 0 {
		return nil
	}
	w := &Walls{RateLimited: len(limited)}
	// how busy the gateway was, as the client saw it, when requests got
	// in (p90) and when they were refused
	var okBusy, refusedBusy []float64
	for _, s := range ok {
		okBusy = append(okBusy, float64(servedAt(ok, s.Start)-1)) // not counting itself
	}
	slices.Sort(okBusy)
	ref := math.Max(stats.Percentile(okBusy, 90), 1)
	atPeak, offPeak := 0, 0
	for _, s := range limited {
		busy, said := servedAt(ok, s.Start), saidWall(s)
		switch {
		case said != "":
			w.count(said)
		case float64(busy) >= ref:
			atPeak++
		default:
			offPeak++
		}
		if said == "concurrency" || (said == "" && float64(busy) >= ref) {
			refusedBusy = append(refusedBusy, float64(busy))
		}
	}
	// the limit: what was served when requests were refused. A client
	// sees a request end a little after the gateway freed its place, so
	// it counts too many rather than too few; a low quantile is robust.
	if len(refusedBusy) > 0 {
		slices.Sort(refusedBusy)
		w.Served = int(stats.Percentile(refusedBusy, 25))
	} else {
		w.Served = peakServed(ok)
	}
	// what the headers did not say, the load shape does
	switch shape := atPeak + offPeak; {
	case shape == 0:
	case atPeak*5 >= shape*4:
		w.Concurrency += shape
		w.Reason = fmt.Sprintf("the concurrency wall: the 429s came while the gateway already served %d requests at once, as many as whenever requests got in", w.Served)
	case offPeak*2 >= shape:
		w.TPM += shape
		w.Reason = "a wall over time (tokens or requests per minute), not on concurrency: the 429s came while the gateway served fewer requests than when requests got in"
	default:
		w.Unknown += shape
	}
	w.Wall = w.main()
	if w.Reason == "" || w.Wall == "unknown" {
		w.Reason = w.explain()
	}
	return w
}

// saidWall is the wall a 429's headers or message name, if any.
func saidWall(s *Sample) string {
	if l := s.Limits; l != nil {
		if l.RemainingTokens != nil && *l.RemainingTokens <= 0 {
			return "tpm"
		}
		if l.RemainingRequests != nil && *l.RemainingRequests <= 0 {
			return "rpm"
		}
	}
	e := strings.ToLower(s.Err)
	switch {
	case strings.Contains(e, "concurren"):
		return "concurrency"
	case strings.Contains(e, "tokens per min") || strings.Contains(e, "tpm"):
		return "tpm"
	case strings.Contains(e, "requests per min") || strings.Contains(e, "rpm"):
		return "rpm"
	}
	return ""
}

func (w *Walls) count(wall string) {
	switch wall {
	case "concurrency":
		w.Concurrency++
	case "tpm":
		w.TPM++
	case "rpm":
		w.RPM++
	}
}

func (w *Walls) main() string {
	best, n := "unknown", w.Unknown
	for _, c := range []struct {
		name string
		n    int
	}{{"concurrency", w.Concurrency}, {"tpm", w.TPM}, {"rpm", w.RPM}} {
		if c.n > n {
			best, n = c.name, c.n
		}
	}
	return best
}

func (w *Walls) explain() string {
	switch w.Wall {
	case "concurrency":
		return fmt.Sprintf("the concurrency wall: the gateway says it refuses more requests at once (it served at most %d)", w.Served)
	case "tpm":
		return "the tokens-per-minute wall: the gateway's rate-limit headers or messages say the minute's token budget ran out"
	case "rpm":
		return "the requests-per-minute wall: the gateway's rate-limit headers or messages say so"
	}
	return "429s that neither the headers nor the load shape explain"
}

// peakServed is the most successful requests in flight at once.
func peakServed(ok []*Sample) int {
	type edge struct {
		at time.Time
		d  int
	}
	var es []edge
	for _, s := range ok {
		es = append(es, edge{s.Start, 1}, edge{s.Start.Add(s.E2E()), -1})
	}
	sort.Slice(es, func(i, j int) bool {
		if !es[i].at.Equal(es[j].at) {
			return es[i].at.Before(es[j].at)
		}
		return es[i].d < es[j].d // an end before a start at the same instant
	})
	cur, peak := 0, 0
	for _, e := range es {
		cur += e.d
		peak = max(peak, cur)
	}
	return peak
}

// servedAt is how many successful requests were in flight at t.
func servedAt(ok []*Sample, t time.Time) int {
	n := 0
	for _, s := range ok {
		if !t.Before(s.Start) && t.Before(s.Start.Add(s.E2E())) {
			n++
		}
	}
	return n
}

// advertised is the most the gateway's headers stated in a level.
func advertised(samples []Sample) *RateLimits {
	var a RateLimits
	for i := range samples {
		if l := samples[i].Limits; l != nil {
			a.LimitRequests, a.LimitTokens = max(a.LimitRequests, l.LimitRequests), max(a.LimitTokens, l.LimitTokens)
		}
	}
	if a.LimitRequests == 0 && a.LimitTokens == 0 {
		return nil
	}
	return &a
}
