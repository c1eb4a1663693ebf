package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/rogpeppe/go-internal/testscript"
)

// scriptGatewayKey is the fake key the testscript gateway accepts.
const scriptGatewayKey = "sk-test-0123456789abcdef0123"

func init() {
	scriptCmds["mock"] = scriptMock
	scriptCmds["mocklog"] = scriptMockLog
	scriptCmds["mockreq"] = scriptMockReq
	scriptCmds["mocktiming"] = scriptMockTiming
}

// scriptMockTiming changes the running fake gateway's timing for the
// requests that follow (a gateway that slowed down, same address):
//
//	mocktiming TTFT TPOT
func scriptMockTiming(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mocktiming TTFT TPOT")
	}
	ttft, err := time.ParseDuration(args[0])
	ts.Check(err)
	tpot, err := time.ParseDuration(args[1])
	ts.Check(err)
	scriptGatewaysMu.Lock()
	srv := scriptGateways[ts]
	scriptGatewaysMu.Unlock()
	if srv == nil {
		ts.Fatalf("mocktiming: no fake gateway: run mock first")
	}
	srv.SetTiming(mock.Timing{TTFT: ttft, TPOT: tpot})
}

// scriptMock starts the fake gateway in the test process:
//
//	mock [--scenario NAME] [--ttft D] [--tpot D] [--tokens N] [--max-concurrent N]
//	     [--models a,b] [--prefix /api] [--fail-first N] [--model-timing m=TTFT/TPOT,…]
//	     [--reject-over N] [--tpm-limit N]
//
// It sets GATEWAY_URL (the root, prefix included), GATEWAY_KEY, and the
// taotoken preset's TAOTOKEN_BASE_URL, TAOTOKEN_API_KEY and TAOTOKEN_MODEL
// (the first served model), so commands find a full profile. Requests are
// logged, key masked, to $WORK/mock.log (see mocklog). The gateway stops
// when the script ends.
func scriptMock(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! mock")
	}
	fs := flag.NewFlagSet("mock", flag.ContinueOnError)
	var o mock.Options
	var models, timing string
	fs.StringVar(&o.Prefix, "prefix", "/api", "")
	fs.StringVar(&timing, "model-timing", "", "")
	fs.StringVar(&o.Scenario, "scenario", "", "")
	fs.DurationVar(&o.TTFT, "ttft", 0, "")
	fs.DurationVar(&o.TPOT, "tpot", 0, "")
	fs.IntVar(&o.Tokens, "tokens", 0, "")
	fs.IntVar(&o.MaxConcurrent, "max-concurrent", 0, "")
	fs.IntVar(&o.FailFirst, "fail-first", 0, "")
	fs.DurationVar(&o.SlowTTFT, "slow-ttft", 0, "")
	fs.IntVar(&o.RejectOver, "reject-over", 0, "")
	fs.IntVar(&o.TPMLimit, "tpm-limit", 0, "")
	fs.StringVar(&models, "models", "", "")
	if err := fs.Parse(args); err != nil {
		ts.Fatalf("mock: %v", err)
	}
	if _, ok := mock.LookupScenario(o.Scenario); !ok {
		ts.Fatalf("mock: unknown scenario %q", o.Scenario)
	}
	if models != "" {
		o.Models = strings.Split(models, ",")
	}
	if timing != "" {
		var err error
		o.ModelTiming, err = mock.ParseModelTiming(timing)
		ts.Check(err)
	}
	o.Key = scriptGatewayKey
	logf, err := os.OpenFile(ts.MkAbs("mock.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	ts.Check(err)
	o.Logger = logf
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", o)
	ts.Check(err)
	ts.Defer(func() {
		scriptGatewaysMu.Lock()
		delete(scriptGateways, ts)
		scriptGatewaysMu.Unlock()
		done := make(chan struct{})
		go func() { srv.Close(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			ts.Fatalf("mock: the fake gateway did not stop")
		}
		logf.Close()
	})
	scriptGatewaysMu.Lock()
	scriptGateways[ts] = srv
	scriptGatewaysMu.Unlock()
	ts.Setenv("GATEWAY_URL", srv.Root())
	ts.Setenv("GATEWAY_ADDR", srv.Addr())
	ts.Setenv("GATEWAY_KEY", scriptGatewayKey)
	ts.Setenv("TAOTOKEN_BASE_URL", srv.Root())
	ts.Setenv("TAOTOKEN_API_KEY", scriptGatewayKey)
	ts.Setenv("TAOTOKEN_MODEL", srv.Options().Models[0])
}

// scriptGateways are the running gateways by script (scripts run in
// parallel; custom commands of one script run on one goroutine).
var (
	scriptGatewaysMu sync.Mutex
	scriptGateways   = map[*testscript.TestScript]*mock.Server{}
)

// scriptMockLog prints the fake gateway's request log ($WORK/mock.log) to
// stdout, so a script can match it with stdout.
func scriptMockLog(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: mocklog")
	}
	scriptGatewaysMu.Lock()
	srv := scriptGateways[ts]
	scriptGatewaysMu.Unlock()
	if srv != nil {
		select { // every answered request is logged once the gateway is idle
		case <-srv.Idle():
		case <-time.After(5 * time.Second):
		}
	}
	ts.Stdout().Write([]byte(ts.ReadFile("mock.log")))
}

// scriptMockReq sends one request to the fake gateway, key from
// $GATEWAY_KEY as Authorization: Bearer, and prints "HTTP STATUS" and the
// body to stdout:
//
//	mockreq [-H 'Name: value']... METHOD PATH [BODY]
//
// PATH is below $GATEWAY_URL, e.g. /v1/models. "! mockreq" expects a
// status other than 2xx.
func scriptMockReq(ts *testscript.TestScript, neg bool, args []string) {
	var hdr []string
	for len(args) >= 2 && args[0] == "-H" {
		hdr, args = append(hdr, args[1]), args[2:]
	}
	if len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: mockreq [-H 'Name: value']... METHOD PATH [BODY]")
	}
	body := ""
	if len(args) == 3 {
		body = args[2]
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, args[0], ts.Getenv("GATEWAY_URL")+args[1], strings.NewReader(body))
	ts.Check(err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+ts.Getenv("GATEWAY_KEY"))
	for _, h := range hdr {
		k, v, _ := strings.Cut(h, ":")
		req.Header.Set(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	ts.Check(err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	ts.Check(err)
	fmt.Fprintf(ts.Stdout(), "HTTP %d\n%s", resp.StatusCode, b)
	if ok := resp.StatusCode/100 == 2; ok == neg {
		ts.Fatalf("mockreq: status %d", resp.StatusCode)
	}
}
