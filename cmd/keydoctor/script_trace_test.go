package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/spf13/cobra"
)

func init() {
	scriptCmds["tracestart"] = scriptTraceStart
	scriptCmds["tracestop"] = scriptTraceStop
	scriptCmds["fileupstream"] = scriptFileUpstream
	scriptCmds["claudereq"] = scriptClaudeReq
}

// runningTrace is a `keydoctor trace` running inside the test process.
type runningTrace struct {
	cancel   context.CancelFunc
	done     chan struct{} // closed when the command returned
	code     int           // its exit status, once done
	out, err *syncBuffer
}

var (
	scriptTracesMu sync.Mutex
	scriptTraces   = map[*testscript.TestScript]*runningTrace{}
)

// syncBuffer is a bytes.Buffer the relay's goroutines may write to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// scriptTraceStart runs `keydoctor trace ARGS...` in the test process (the
// real command: flags, profile, relay) and returns once it listens, with
// RELAY_URL set to its root. tracestop ends it like Ctrl-C does.
//
//	tracestart [trace flags]...
func scriptTraceStart(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! tracestart")
	}
	rt := &runningTrace{done: make(chan struct{}), out: &syncBuffer{}, err: &syncBuffer{}}
	// The trace reads its environment only before it is ready, while
	// this script waits below.
	e := env.FromMap(nil)
	e.Getenv = ts.Getenv
	e.Home = ts.Getenv("HOME")
	e.Stdout, e.Stderr, e.Stdin = rt.out, rt.err, strings.NewReader("")
	e, flush := redactOutput(e) // as Execute does: the trace's lines go through the run's writer
	ready := make(chan string, 1)
	o := &traceOptions{Env: e, Ready: func(root string) { ready <- root }}
	cmd := newTraceCmdWith(o)
	cmd.SetArgs(append([]string{"--listen", "127.0.0.1:0"}, args...))
	cmd.SetOut(e.Stdout)
	cmd.SetErr(e.Stderr)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &flagError{cmd: c.Name(), err: err} })
	ctx, cancel := context.WithCancel(context.Background())
	rt.cancel = cancel
	go func() {
		defer close(rt.done)
		rt.code = reportError(e.Stderr, cmd.ExecuteContext(ctx))
		flush()
	}()
	select {
	case root := <-ready:
		ts.Setenv("RELAY_URL", root)
	case <-rt.done:
		cancel()
		ts.Fatalf("trace exited %d before listening:\n%s%s", rt.code, rt.out, rt.err)
	case <-time.After(10 * time.Second):
		cancel()
		ts.Fatalf("trace did not start listening")
	}
	scriptTracesMu.Lock()
	scriptTraces[ts] = rt
	scriptTracesMu.Unlock()
	ts.Defer(func() {
		cancel()
		select {
		case <-rt.done:
		case <-time.After(10 * time.Second):
		}
	})
}

// scriptTraceStop ends the running trace (as Ctrl-C does), copies its
// output to this command's stdout and stderr, and fails unless it exited 0
// (with !, unless it exited non-zero).
func scriptTraceStop(ts *testscript.TestScript, neg bool, args []string) {
	scriptTracesMu.Lock()
	rt := scriptTraces[ts]
	delete(scriptTraces, ts)
	scriptTracesMu.Unlock()
	if rt == nil {
		ts.Fatalf("tracestop: no trace running")
	}
	rt.cancel()
	select {
	case <-rt.done:
	case <-time.After(10 * time.Second):
		ts.Fatalf("tracestop: the relay did not stop")
	}
	code := rt.code
	io.WriteString(ts.Stdout(), rt.out.String())
	io.WriteString(ts.Stderr(), rt.err.String())
	if (code != 0) != neg {
		ts.Fatalf("trace exited %d", code)
	}
}

// scriptFileUpstream serves FILE's bytes as the answer to every request
// (Content-Type text/event-stream unless given) and sets UPSTREAM_URL. The
// request it last received is written to $WORK/upstream.req (method, URI,
// headers, sorted) and $WORK/upstream.body, for byte comparisons.
//
//	fileupstream FILE [CONTENT-TYPE]
func scriptFileUpstream(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 || len(args) > 2 {
		ts.Fatalf("usage: fileupstream FILE [CONTENT-TYPE]")
	}
	answer := []byte(ts.ReadFile(args[0]))
	ctype := "text/event-stream"
	if len(args) == 2 {
		ctype = args[1]
	}
	reqFile, bodyFile := ts.MkAbs("upstream.req"), ts.MkAbs("upstream.body")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var lines []string
		for k, vs := range r.Header {
			for _, v := range vs {
				lines = append(lines, k+": "+v)
			}
		}
		sort.Strings(lines)
		req := r.Method + " " + r.RequestURI + "\n" + strings.Join(lines, "\n") + "\n"
		os.WriteFile(reqFile, []byte(req), 0o600)
		os.WriteFile(bodyFile, body, 0o600)
		w.Header().Set("Content-Type", ctype)
		w.Write(answer)
	}))
	ts.Defer(srv.Close)
	ts.Setenv("UPSTREAM_URL", srv.URL)
}

// scriptClaudeReq sends what Claude Code sends (POST
// {base}/v1/messages?beta=true with its headers, streaming), key from
// $GATEWAY_KEY, and prints the response body as received:
//
//	claudereq [-auth x-api-key|bearer] [-body FILE] BASE MODEL
func scriptClaudeReq(ts *testscript.TestScript, neg bool, args []string) {
	fs := flag.NewFlagSet("claudereq", flag.ContinueOnError)
	auth := fs.String("auth", "x-api-key", "")
	bodyFile := fs.String("body", "", "")
	if err := fs.Parse(args); err != nil || fs.NArg() != 2 {
		ts.Fatalf("usage: claudereq [-auth x-api-key|bearer] [-body FILE] BASE MODEL")
	}
	base, model := fs.Arg(0), fs.Arg(1)
	body := `{"model":"` + model + `","max_tokens":32000,"stream":true,"system":[{"type":"text","text":"You are Claude Code"}],"messages":[{"role":"user","content":[{"type":"text","text":"Reply with the single word: ok"}]}]}`
	if *bodyFile != "" {
		body = ts.ReadFile(*bodyFile)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", strings.TrimRight(base, "/")+"/v1/messages?beta=true", strings.NewReader(body))
	ts.Check(err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "claude-cli/2.1.197 (external, cli)")
	req.Header.Set("Anthropic-Version", "2023-06-01")
	req.Header.Set("Anthropic-Beta", "claude-code-20250219,interleaved-thinking-2025-05-14")
	req.Header.Set("X-App", "cli")
	switch *auth {
	case "bearer":
		req.Header.Set("Authorization", "Bearer "+ts.Getenv("GATEWAY_KEY"))
	case "x-api-key":
		req.Header.Set("X-Api-Key", ts.Getenv("GATEWAY_KEY"))
	}
	res, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	ts.Check(err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	ts.Check(err)
	ts.Stdout().Write(b)
	if ok := res.StatusCode/100 == 2; ok == neg {
		ts.Fatalf("claudereq: status %d", res.StatusCode)
	}
}
