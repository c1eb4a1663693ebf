package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["gatedupstream"] = scriptGatedUpstream
	scriptCmds["readgated"] = scriptReadGated
}

// gates holds, per script, the channel the gated upstream waits on before
// its second event; readgated closes it once the first event arrived.
var (
	gatesMu sync.Mutex
	gates   = map[*testscript.TestScript]chan struct{}{}
)

// scriptGatedUpstream serves a chat stream whose second event is sent only
// after readgated has received the first one, and sets UPSTREAM_URL:
//
//	gatedupstream
func scriptGatedUpstream(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: gatedupstream")
	}
	gate := make(chan struct{})
	gatesMu.Lock()
	gates[ts] = gate
	gatesMu.Unlock()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, `data: {"model":"gpt-4o","choices":[{"index":0,"delta":{"content":"first"}}]}`+"\n\n")
		w.(http.Flusher).Flush()
		select {
		case <-gate:
		case <-r.Context().Done():
			return
		}
		io.WriteString(w, `data: {"model":"gpt-4o","choices":[{"index":0,"delta":{"content":"second"}}]}`+"\n\ndata: [DONE]\n\n")
	}))
	ts.Defer(func() {
		srv.Close()
		gatesMu.Lock()
		delete(gates, ts)
		gatesMu.Unlock()
	})
	ts.Setenv("UPSTREAM_URL", srv.URL)
}

// scriptReadGated streams from BASE/v1/chat/completions, and opens the
// gated upstream's gate only once the first event has arrived: a relay
// that held the first event back would never see the second, and the
// deadline fails the command. It prints the events as they came.
//
//	readgated BASE
func scriptReadGated(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: readgated BASE")
	}
	gatesMu.Lock()
	gate := gates[ts]
	gatesMu.Unlock()
	if gate == nil {
		ts.Fatalf("readgated: run gatedupstream first")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", args[0]+"/v1/chat/completions", strings.NewReader(`{"model":"gpt-4o","stream":true}`))
	ts.Check(err)
	req.Header.Set("Authorization", "Bearer "+ts.Getenv("GATEWAY_KEY"))
	res, err := http.DefaultClient.Do(req)
	ts.Check(err)
	defer res.Body.Close()
	br := bufio.NewReader(res.Body)
	first, err := br.ReadString('\n')
	if err != nil {
		ts.Fatalf("readgated: the first event never came: %v", err)
	}
	ts.Stdout().Write([]byte("got before the gate: " + first))
	close(gate)
	rest, err := io.ReadAll(br)
	if err != nil {
		ts.Fatalf("readgated: %v", err)
	}
	ts.Stdout().Write([]byte("got after the gate:" + string(rest)))
}
