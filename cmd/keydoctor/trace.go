package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/spf13/cobra"
)

type traceOptions struct {
	Upstream string
	Listen   string
	Expect   []string
	LogFile  string
	Quiet    bool // only the failed and MISMATCH requests
	Width    int  // wrap request lines to the terminal; 0: whole lines
	Profile  profileFlags
	Env      *env.Env
	Out      io.Writer
	// Transport reaches the gateway; nil: relay.DefaultTransport.
	Transport http.RoundTripper
	// Ready, when set, receives the relay's root once it listens (tests).
	Ready func(root string)
}

func newTraceCmd(e *env.Env) *cobra.Command { return newTraceCmdWith(&traceOptions{Env: e}) }

func newTraceCmdWith(o *traceOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "trace [--upstream URL] [--listen ADDR] [--expect-model M] [--log FILE]",
		Short: "relay between a tool and the gateway, recording what the tool really sends",
		Long: `trace runs a relay on loopback that forwards every request to the gateway
unchanged and streams every answer back unchanged, event by event. Point a
tool at the relay instead of the gateway (the relay's root stands for the
gateway root: the tool keeps its /v1 or not as it would for the gateway) and
watch each request: client, path, requested model, status, TTFT, E2E, output
tokens, the model the answer names, and the kind of auth header.

A request is flagged MISMATCH when the model it asks for, or the model the
answer names, is not the expected one: --expect-model (repeatable), else the
profile's model and background model. Ctrl-C ends the relay and prints a
summary per client and model.

--log FILE appends one JSON line per request with the fields time, client,
method, path, model, stream, status, ttft_ms (first token), first_text_ms
(first visible text, when a reasoning model thinks first), e2e_ms,
output_tokens, served_model, auth, mismatch. Neither the log nor the terminal ever holds a
request body or a key.`,
		Example: `  keydoctor trace --upstream https://taotoken.net/api --log trace.jsonl
  claude --settings '{"env":{"ANTHROPIC_BASE_URL":"http://127.0.0.1:8787"}}'
  OPENAI_BASE_URL=http://127.0.0.1:8787/v1 python app.py`,
		Args: usageArgs(cobra.NoArgs),
		Annotations: exitNotes("trace exits 1 when a request failed or was flagged MISMATCH, or when it",
			"cannot listen (the address is in use)"),
		RunE: func(c *cobra.Command, args []string) error {
			u := uiFrom(c.Context())
			o.Out, o.Quiet, o.Width = c.OutOrStdout(), u.Quiet, u.Width
			return runTrace(c.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Upstream, "upstream", "", "gateway root to forward to (default: the profile's base URL)")
	f.StringVar(&o.Listen, "listen", "127.0.0.1:8787", "loopback address to listen on (port 0 picks a free one)")
	f.StringSliceVar(&o.Expect, "expect-model", nil, "model the requests should ask for and answers name (repeatable; default: the profile's models)")
	f.StringVar(&o.LogFile, "log", "", "append one JSON line per request to this file")
	// Only the profile flags that say where the gateway is and which model
	// to expect: the relay never needs the key (tools send their own).
	f.StringVar(&o.Profile.preset, "preset", "", "gateway preset whose variables give the defaults (taotoken, custom); default taotoken")
	f.StringVar(&o.Profile.configFile, "config", "", "keydoctor config file (default $XDG_CONFIG_HOME/keydoctor/config.yaml)")
	return cmd
}

func runTrace(ctx context.Context, o *traceOptions) error {
	upstream, expect, err := traceTargets(o)
	if err != nil {
		return err
	}
	if err := loopbackOnly(o.Listen); err != nil {
		return err
	}
	var logw io.Writer
	if o.LogFile != "" {
		f, err := os.OpenFile(o.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return usageErrorf("", "cannot open the log: %v", err)
		}
		defer f.Close()
		logw = f
	}
	sink := newTraceSink(o.Out, logw, o.Env)
	sink.width = o.Width
	if o.Quiet {
		sink.onlyFlagged, o.Out = true, io.Discard
	}
	// Ctrl-C (handled by Execute) or a plain kill both end with the summary.
	ctx, cancel := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer cancel()
	srv, err := relay.Start(ctx, o.Listen, relay.Options{
		Upstream: upstream, Expect: expect, Transport: o.Transport, OnRecord: sink.add, Now: o.Env.Now,
	})
	if err != nil {
		return failf("pick another address with --listen, or --listen 127.0.0.1:0 for any free port", "cannot listen on %s: %v", o.Listen, err)
	}
	fmt.Fprintf(o.Out, "relaying %s -> %s\n", srv.Root, upstream)
	writeRelayBases(o.Out, srv.Root)
	if len(expect) > 0 {
		fmt.Fprintf(o.Out, "  expecting model %s\n", strings.Join(expect, " or "))
	}
	if o.LogFile != "" {
		fmt.Fprintf(o.Out, "  logging to %s\n", o.Env.Tilde(o.LogFile))
	}
	fmt.Fprintln(o.Out, "  Ctrl-C ends the relay and prints a summary")
	if o.Ready != nil {
		o.Ready(srv.Root)
	}
	<-ctx.Done()
	srv.Close() // requests in flight finish and are recorded first
	recs := sink.close()
	printTraceSummary(o.Out, recs)
	for _, r := range recs {
		if r.Failed || r.Mismatch {
			return &exitError{exitFindings}
		}
	}
	return nil
}

// traceTargets resolves the upstream root and the expected models: flags
// first, the profile for what they leave out.
func traceTargets(o *traceOptions) (*url.URL, []string, error) {
	raw, expect := o.Upstream, o.Expect
	if raw == "" || len(expect) == 0 {
		p, err := o.Profile.load(o.Env)
		if err != nil {
			return nil, nil, err
		}
		if raw == "" {
			if p.BaseURL == "" {
				return nil, nil, usageErrorf("pass --upstream URL (the gateway root), or set "+p.VarBaseURL, "no upstream gateway")
			}
			raw = p.BaseURL
		}
		if len(expect) == 0 {
			for _, m := range []string{p.Model, p.BackgroundModel} {
				if m != "" {
					expect = append(expect, m)
				}
			}
		}
	}
	parsed, err := gateway.Normalize(raw)
	if err != nil {
		return nil, nil, usageErrorf("pass the gateway root, e.g. --upstream https://taotoken.net/api", "%v", err)
	}
	for _, n := range parsed.Notes {
		if n.Code != catalog.URLInsecure {
			fmt.Fprintf(o.Out, "note: %s; relaying to %s\n", n.Message, parsed.Root)
		}
	}
	if parsed.HadVersion && len(parsed.Notes) == 0 {
		fmt.Fprintf(o.Out, "note: the upstream ends in /v1; the relay stands for the gateway root %s, so tools keep their own /v1\n", parsed.Root)
	}
	u, err := url.Parse(parsed.Root)
	return u, expect, err
}

// loopbackOnly refuses to listen beyond this machine: the relay forwards
// whatever credentials its clients send.
func loopbackOnly(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return usageErrorf("use HOST:PORT, e.g. --listen 127.0.0.1:8787", "bad listen address %q: %v", addr, err)
	}
	if !gateway.IsLoopbackURL("http://" + net.JoinHostPort(host, "0")) {
		return usageErrorf("use 127.0.0.1, ::1 or localhost", "trace listens on loopback only, not %q", host)
	}
	return nil
}

// traceSink prints and logs records as they come, and keeps them for the
// summary.
type traceSink struct {
	mu     sync.Mutex
	out    io.Writer
	log    *json.Encoder
	e      *env.Env
	recs   []relay.Record
	closed bool
	// onlyFlagged prints only failed and MISMATCH requests (--quiet).
	onlyFlagged bool
	width       int
}

func newTraceSink(out, logw io.Writer, e *env.Env) *traceSink {
	s := &traceSink{out: out, e: e}
	if logw != nil {
		s.log = json.NewEncoder(logw)
	}
	return s
}

func (s *traceSink) add(r relay.Record) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.recs = append(s.recs, r)
	if !s.onlyFlagged || r.Failed || r.Mismatch {
		fmt.Fprintln(s.out, human.Wrap(traceLine(r), s.width, traceIndent))
	}
	if s.log != nil {
		_ = s.log.Encode(r) // a full disk must not stop the relay
	}
}

func (s *traceSink) close() []relay.Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return s.recs
}

// writeRelayBases says which base URL each client takes to reach the
// relay, by its description's /v1 rule: clients that add /v1 themselves
// get the relay's root, the others root/v1.
func writeRelayBases(w io.Writer, root string) {
	var bare, versioned []string
	for _, t := range tool.All() {
		if t.MCPOnly || t.Format == tool.FormatDotEnv {
			continue // entries other programs read, not clients
		}
		name := t.Title
		if t.Format == tool.FormatShell {
			name += "s" // every SDK of that family
		}
		if t.BaseHasVersion {
			versioned = append(versioned, name)
		} else {
			bare = append(bare, name)
		}
	}
	a, b := strings.Join(bare, ", ")+":", strings.Join(versioned, ", ")+":"
	width := max(len(a), len(b))
	fmt.Fprintf(w, "  %-*s base URL %s\n", width, a, root)
	fmt.Fprintf(w, "  %-*s base URL %s/v1\n", width, b, root)
}
