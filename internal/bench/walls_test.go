package bench

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
)

func TestParseRateLimits(t *testing.T) {
	h := http.Header{}
	if parseRateLimits(h, 0) != nil {
		t.Error("no headers, no limits")
	}
	h.Set("x-ratelimit-limit-tokens", "30000")
	h.Set("x-ratelimit-remaining-tokens", "0")
	h.Set("x-ratelimit-limit-requests", "500")
	l := parseRateLimits(h, 2*time.Second)
	if l == nil || l.LimitTokens != 30000 || l.LimitRequests != 500 || *l.RemainingTokens != 0 || l.RemainingRequests != nil || l.RetryAfterS != 2 {
		t.Errorf("openai %+v", l)
	}
	a := http.Header{}
	a.Set("anthropic-ratelimit-requests-remaining", "0")
	a.Set("anthropic-ratelimit-tokens-limit", "80000")
	if l := parseRateLimits(a, 0); l == nil || l.LimitTokens != 80000 || *l.RemainingRequests != 0 {
		t.Errorf("anthropic %+v", l)
	}
}

// span is a synthetic sample: start offset, length, failed with 429 or not.
func span(t0 time.Time, from, length time.Duration, limited bool) Sample {
	s := Sample{Start: t0.Add(from), Timings: probe.Timings{End: length}, Streamed: true}
	if limited {
		s.Code, s.Status, s.Err = "rate-limited", 429, "Rate limit reached."
	}
	return s
}

func TestWallsByLoadShape(t *testing.T) {
	t0 := time.Unix(1000, 0)
	ms := time.Millisecond
	// two served at a time; every 429 while both slots are taken
	conc := []Sample{span(t0, 0, 100*ms, false), span(t0, 10*ms, 100*ms, false), span(t0, 20*ms, ms, true),
		span(t0, 50*ms, ms, true), span(t0, 110*ms, 100*ms, false), span(t0, 115*ms, 100*ms, false), span(t0, 150*ms, ms, true)}
	if w := classifyWalls(conc); w == nil || w.Wall != "concurrency" || w.Served != 2 || w.Concurrency != 3 {
		t.Errorf("concurrency %+v", w)
	}
	// a budget over time: once spent, 429s come with nothing in flight
	rate := []Sample{span(t0, 0, 100*ms, false), span(t0, 10*ms, 100*ms, false), span(t0, 200*ms, ms, true),
		span(t0, 210*ms, ms, true), span(t0, 220*ms, ms, true)}
	if w := classifyWalls(rate); w == nil || w.Wall != "tpm" || !strings.Contains(w.Reason, "over time") {
		t.Errorf("rate %+v", w)
	}
	// the headers win over the shape
	zero := 0
	said := append([]Sample(nil), conc...)
	for i := range said {
		if said[i].Code != "" {
			said[i].Limits = &RateLimits{RemainingTokens: &zero}
		}
	}
	if w := classifyWalls(said); w.Wall != "tpm" || w.TPM != 3 {
		t.Errorf("headers %+v", w)
	}
	if classifyWalls(conc[:2]) != nil {
		t.Error("no 429, no walls")
	}
}

// TestWallsOfFakeGateways tells a gateway that refuses a fourth request
// at once from one that refuses tokens beyond a minute's budget.
func TestWallsOfFakeGateways(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real requests")
	}
	for _, tc := range []struct {
		name string
		o    mock.Options
		wall string
	}{
		{"concurrency", mock.Options{RejectOver: 3, TTFT: 30 * time.Millisecond, TPOT: time.Millisecond, Tokens: 4}, "concurrency"},
		{"tokens per minute", mock.Options{TPMLimit: 200, TTFT: 5 * time.Millisecond, TPOT: time.Millisecond, Tokens: 4}, "tpm"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.o.Key = testKey
			srv, err := mock.Start(context.Background(), "127.0.0.1:0", tc.o)
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			c, err := probe.NewClient(probe.Options{MaxConnsPerHost: 6, Timeout: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			req := RequestFor(gateway.Profile{BaseURL: srv.Root(), Key: testKey, Model: "gpt-4o"}, gateway.Chat)
			req.MaxTokens = 4
			l, _ := Execute(context.Background(), c, Plan{Request: req, Concurrency: 6, Requests: 60, Warmup: 0, MaxErrors: 1, Key: testKey})
			if l.Walls == nil || l.Walls.Wall != tc.wall {
				t.Fatalf("walls %+v (errors %v)", l.Walls, l.Errors)
			}
			// the client sees a request end a moment after the gateway
			// freed its place, so it may count one more at once
			if tc.wall == "concurrency" && (l.Walls.Served < 3 || l.Walls.Served > 4) {
				t.Errorf("served at once %d, want 3", l.Walls.Served)
			}
			if tc.wall == "tpm" && (l.Advertised == nil || l.Advertised.LimitTokens != 200) {
				t.Errorf("advertised %+v", l.Advertised)
			}
		})
	}
}
