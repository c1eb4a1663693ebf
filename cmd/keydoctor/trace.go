package main

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/stop"
	"github.com/keydoctor/keydoctor/internal/trace"
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
(first visible text, when a reasoning model thinks first), e2e_ms, held_ms
(how long the relay itself held the request, from its arrival to its last
byte sent on: what the relay adds to TTFT), output_tokens, served_model,
auth, mismatch. Neither the log nor the terminal ever holds a request body or
a key.`,
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
	upstream, expect, err := trace.Targets(o.Upstream, o.Expect, func() (gateway.Profile, error) { return o.Profile.load(o.Env) })
	if err != nil {
		return stopError(err)
	}
	_, flagged, err := trace.Session(ctx, trace.Options{Upstream: upstream, Expect: expect, Listen: o.Listen, LogFile: o.LogFile,
		Quiet: o.Quiet, Width: o.Width, Env: o.Env, Out: o.Out, Transport: o.Transport, Ready: o.Ready})
	if err != nil {
		return stopError(err)
	}
	if flagged {
		return &exitError{exitFindings}
	}
	return nil
}

// stopError is a session's stop.Error as the command line's error: its
// message, hint and exit status.
func stopError(err error) error {
	var s *stop.Error
	switch {
	case !errors.As(err, &s):
		return err
	case s.Usage:
		return usageErrorf(s.Hint, "%s", s.Msg)
	}
	return failf(s.Hint, "%s", s.Msg)
}
