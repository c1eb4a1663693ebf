// Package trace is `keydoctor trace` as a session: the recording relay
// (internal/relay) on loopback toward one gateway, every request printed
// and logged as it comes, a summary when the session ends.
package trace

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/stop"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Options are one trace session, as a front end gives them.
type Options struct {
	Upstream string   // the gateway (root or base URL) to forward to
	Expect   []string // models the requests should ask for and answers name
	Listen   string   // loopback HOST:PORT
	LogFile  string   // "": no log
	Quiet    bool     // print only failed and MISMATCH requests
	Width    int      // wrap request lines to the terminal; 0: whole lines
	Env      *env.Env
	Out      io.Writer
	// Transport reaches the gateway; nil: relay.DefaultTransport.
	Transport http.RoundTripper
	// Ready, when set, receives the relay's root once it listens (tests).
	Ready func(root string)
}

// Session relays until ctx ends (or SIGTERM), then prints the summary. It
// returns the records and whether any failed or was flagged MISMATCH; a
// *stop.Error when it cannot start.
func Session(ctx context.Context, o Options) (recs []relay.Record, flagged bool, err error) {
	upstream, err := root(o.Out, o.Upstream)
	if err != nil {
		return nil, false, err
	}
	if err := loopbackOnly(o.Listen); err != nil {
		return nil, false, err
	}
	var logw io.Writer
	if o.LogFile != "" {
		f, err := os.OpenFile(o.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return nil, false, stop.Usage("", "cannot open the log: %v", err)
		}
		defer f.Close()
		logw = f
	}
	out := o.Out
	if o.Quiet {
		o.Out = io.Discard
	}
	sink := newSink(out, logw, o.Width, o.Quiet)
	// Ctrl-C (the caller's ctx) or a plain kill both end with the summary.
	ctx, cancel := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer cancel()
	srv, err := relay.Start(ctx, o.Listen, relay.Options{
		Upstream: upstream, Expect: o.Expect, Transport: o.Transport, OnRecord: sink.add, Now: o.Env.Now,
	})
	if err != nil {
		return nil, false, stop.Fail("pick another address with --listen, or --listen 127.0.0.1:0 for any free port", "cannot listen on %s: %v", o.Listen, err)
	}
	fmt.Fprintf(o.Out, "relaying %s -> %s\n", srv.Root, upstream)
	writeBases(o.Out, srv.Root)
	if len(o.Expect) > 0 {
		fmt.Fprintf(o.Out, "  expecting model %s\n", strings.Join(o.Expect, " or "))
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
	recs = sink.close()
	relay.PrintSummary(o.Out, recs)
	for _, r := range recs {
		flagged = flagged || r.Failed || r.Mismatch
	}
	return recs, flagged, nil
}

// root is the gateway root the relay stands for, with a note when the
// upstream given was not one.
func root(out io.Writer, raw string) (*url.URL, error) {
	parsed, err := gateway.Normalize(raw)
	if err != nil {
		return nil, stop.Usage("pass the gateway root, e.g. --upstream https://taotoken.net/api", "%v", err)
	}
	for _, n := range parsed.Notes {
		if n.Code != catalog.URLInsecure {
			fmt.Fprintf(out, "note: %s; relaying to %s\n", n.Message, parsed.Root)
		}
	}
	if parsed.HadVersion && len(parsed.Notes) == 0 {
		fmt.Fprintf(out, "note: the upstream ends in /v1; the relay stands for the gateway root %s, so tools keep their own /v1\n", parsed.Root)
	}
	return url.Parse(parsed.Root)
}

// loopbackOnly refuses to listen beyond this machine: the relay forwards
// whatever credentials its clients send.
func loopbackOnly(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return stop.Usage("use HOST:PORT, e.g. --listen 127.0.0.1:8787", "bad listen address %q: %v", addr, err)
	}
	if !gateway.IsLoopbackURL("http://" + net.JoinHostPort(host, "0")) {
		return stop.Usage("use 127.0.0.1, ::1 or localhost", "trace listens on loopback only, not %q", host)
	}
	return nil
}

// writeBases says which base URL each client takes to reach the relay,
// by its description's /v1 rule: clients that add /v1 themselves get the
// relay's root, the others root/v1.
func writeBases(w io.Writer, root string) {
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
