package bench

import "strings"

// DefaultPrompt asks for a long enough answer that TPOT has many tokens
// to average over, and is the same every run so that runs compare.
const DefaultPrompt = "Count from 1 to 200, separated by spaces. Output only the numbers."

// syntheticWords are common short English words: each is one token in
// the usual BPE vocabularies when preceded by a space, so n of them make a
// prompt of about n tokens.
var syntheticWords = strings.Fields(`the of and to in is it for on with as at by from this that be or are
an was but not all can had her one our out day get has him his how man new now old see two way who boy did
its let put say she too use time year work back call hand high keep last long make much name need next open
part play read room seem show side tell turn want well went word`)

// SyntheticPrompt is a prompt of about n input tokens (to show prefill
// cost), ending with the default request so the answer stays the same.
func SyntheticPrompt(n int) string {
	if n <= 0 {
		return DefaultPrompt
	}
	var b strings.Builder
	b.Grow(n*5 + len(DefaultPrompt) + 64)
	b.WriteString("Ignore the following filler text.\n")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(syntheticWords[(i*7+i/len(syntheticWords))%len(syntheticWords)])
	}
	b.WriteString("\n")
	b.WriteString(DefaultPrompt)
	return b.String()
}

// EstimateTokens is a rough token count of a prompt (about four
// characters per token), for the cost estimate printed before a run.
func EstimateTokens(s string) int { return (len(s) + 3) / 4 }

// Budget is what a benchmark may cost before it starts.
type Budget struct {
	Requests     int // including warmup; an upper bound for sweeps
	OutputTokens int // requests × max tokens: the most it can produce
	InputTokens  int // requests × the prompt's estimated tokens
	OpenEnded    bool
}

// PlanBudget adds up the requests a plan (and sweep, if any) may send.
func PlanBudget(p Plan, sw *Sweep, maxTokens int) Budget {
	b := Budget{}
	count := func(c int) int {
		n := p.Requests
		if sw != nil {
			n = LevelRequests(n, c)
		}
		if p.Rate > 0 && n == 0 {
			n = int(p.Rate*p.Duration.Seconds() + 0.5)
		}
		if n == 0 && p.Duration > 0 {
			b.OpenEnded = true
		}
		q := p
		q.Concurrency = c
		return n + q.WarmupRequests()
	}
	if sw == nil {
		b.Requests = count(p.Concurrency)
	} else {
		for _, c := range sw.Planned() {
			b.Requests += count(c)
		}
	}
	b.OutputTokens = b.Requests * maxTokens
	b.InputTokens = b.Requests * EstimateTokens(p.Request.Prompt)
	return b
}

// Plus adds another run's budget (the sides of a comparison).
func (b Budget) Plus(o Budget) Budget {
	b.Requests, b.OutputTokens, b.InputTokens = b.Requests+o.Requests, b.OutputTokens+o.OutputTokens, b.InputTokens+o.InputTokens
	b.OpenEnded = b.OpenEnded || o.OpenEnded
	return b
}
