// Package demo is the stage `keydoctor demo` runs on: a fake gateway on
// loopback, a throwaway home directory and an environment whose preset
// variables point at the gateway, and the demo's story: its steps in
// order (story.go), those that run a command through the Commands cmd
// gives it.
package demo

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/ping"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/templates"
)

// Key is the fake gateway's key in the demo: a made-up value, printed
// only masked like any key.
const Key = "sk-demo-7f3a9c1e5b2d4f6a8c0e"

// State is what every step works with.
type State struct {
	Ctx     context.Context
	Out     io.Writer
	Env     *env.Env // HOME is the throwaway home; the default preset's variables name the fake gateway
	Home    string
	Gateway *mock.Server
	Client  *probe.Client
	Profile gateway.Profile
}

// Start sets the stage: the throwaway home, the fake gateway, one client
// and the environment (on goos's paths), then prints what it set up. Close
// removes it all.
func Start(ctx context.Context, goos string, out io.Writer) (*State, error) {
	home, err := os.MkdirTemp("", "keydoctor-demo-")
	if err != nil {
		return nil, fmt.Errorf("creating a throwaway home: %w", err)
	}
	st := &State{Ctx: ctx, Out: out, Home: home}
	st.Gateway, err = mock.Start(ctx, "127.0.0.1:0", mock.Options{
		Prefix: "/api", Key: Key, TTFT: 80 * time.Millisecond, TPOT: 10 * time.Millisecond, Tokens: 16,
	})
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("starting the fake gateway: %w", err)
	}
	if st.Client, err = probe.NewClient(probe.Options{Timeout: 30 * time.Second}); err != nil {
		st.Close()
		return nil, err
	}
	gw, pv := st.Gateway, templates.Default().Vars
	vars := map[string]string{
		"HOME":            home,
		"XDG_CONFIG_HOME": filepath.Join(home, ".config"),
		pv.BaseURL:        gw.Root(),
		pv.APIKey:         Key,
		pv.Model:          gw.Options().Models[0],
	}
	st.Env = env.FromMap(vars)
	st.Env.Stdout, st.Env.Stderr, st.Env.GOOS = out, out, goos
	if st.Profile, err = profile.Load(st.Env, profile.LoadOptions{}); err != nil {
		st.Close()
		return nil, err
	}
	fmt.Fprintf(out, "keydoctor demo\n")
	fmt.Fprintf(out, "  fake gateway  %s (models %v)\n", gw.Root(), gw.Options().Models)
	fmt.Fprintf(out, "  key           %s in %s\n", st.Profile.ShownKey(), pv.APIKey)
	fmt.Fprintf(out, "  home          %s (throwaway, removed at the end)\n", home)
	return st, nil
}

// Close stops the gateway and the client and removes the home.
func (st *State) Close() {
	if st.Client != nil {
		st.Client.Close()
	}
	if st.Gateway != nil {
		st.Gateway.Close()
	}
	os.RemoveAll(st.Home)
}

// Project is the demo's project directory.
func (st *State) Project() string { return filepath.Join(st.Home, "project") }

// Streams sends a streamed request on each protocol and prints its
// timings.
func Streams(st *State) error {
	fmt.Fprintf(st.Out, "  %-10s %-7s %-10s %-9s %-9s %s\n", "protocol", "status", "ttft", "tpot", "total", "tokens")
	for _, proto := range gateway.Protocols {
		req := probe.Request{Protocol: proto, Root: st.Profile.RootOf(proto.Family()), Key: st.Profile.Key, Auth: ping.AuthFor(proto), Model: st.Profile.Model, Stream: true}
		res := st.Client.Do(st.Ctx, req)
		if !res.OK() {
			return fmt.Errorf("%s: %s: %v", proto, res.Code, res.Err)
		}
		fmt.Fprintf(st.Out, "  %-10s %-7d %-10s %-9s %-9s %d (%s)\n", proto, res.StatusCode, human.Duration(res.Timings.FirstDelta),
			human.Duration(res.Stream.TPOT()), human.Duration(res.Timings.End), res.Usage.OutputTokens, map[bool]string{true: "server", false: "counted"}[res.Usage.FromServer])
	}
	o := st.Gateway.Options()
	fmt.Fprintf(st.Out, "\n  the fake gateway was set to ttft %s and tpot %s: what you see is what the client measured\n", human.Duration(o.Scale(o.TTFT)), human.Duration(o.Scale(o.TPOT)))
	return nil
}

// Failures asks the fake gateway to misbehave, one scenario per request,
// and shows what keydoctor makes of it.
func Failures(st *State) error {
	for _, c := range []struct {
		scenario string
		proto    gateway.Protocol
		stream   bool
	}{
		{mock.AuthInvalid, gateway.Chat, false},
		{mock.ModelNotFound, gateway.Messages, false},
		{mock.StreamUnterminated, gateway.Responses, true},
	} {
		req := probe.Request{Protocol: c.proto, Root: st.Profile.RootOf(c.proto.Family()), Key: st.Profile.Key, Auth: ping.AuthFor(c.proto), Model: st.Profile.Model,
			Stream: c.stream, Header: http.Header{mock.ScenarioHeader: {c.scenario}}}
		res := st.Client.Do(st.Ctx, req)
		if res.OK() {
			return fmt.Errorf("scenario %s was not detected", c.scenario)
		}
		fmt.Fprintf(st.Out, "  gateway scenario %q, %s:\n", c.scenario, c.proto)
		fmt.Fprintf(st.Out, "    error: %s: %v\n", res.Code, res.Err)
		if h := ping.Fix(res.Code, st.Profile, c.proto, res); h != "" {
			fmt.Fprintf(st.Out, "    hint:  %s\n", h)
		}
	}
	return nil
}
