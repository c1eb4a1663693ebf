// Package verify runs one short headless turn of a real tool through the
// recording relay, without editing any of the tool's files, and judges what
// the tool really sent against what its files say: paths, models (main and
// background), auth header and key. What is one tool's own (how its files
// decide a turn, how a run is pointed at the relay) its package implements
// (Reader, Redirector); the rest comes from its description's Headless.
package verify

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Prompt is the one fixed line every verify turn sends: never the user's
// prompt, never a file.
const Prompt = "Reply with the single word: ok"

// Tools are the tools verify can run (those with a headless description),
// in display order.
func Tools() []tool.Tool {
	var out []tool.Tool
	for _, t := range tool.All() {
		if t.Headless != nil {
			out = append(out, t)
		}
	}
	return out
}

// Runs returns the tool with that id when verify can run it.
func Runs(id gateway.ToolID) (tool.Tool, bool) {
	t, ok := tool.Lookup(string(id))
	return t, ok && t.Headless != nil
}

// Configured is the triple a tool's files say it uses.
type Configured struct {
	Tool gateway.ToolID
	// Base is the base URL as written ("" when the files set none: the
	// tool then talks to its vendor's API).
	Base       string
	BaseSource string
	Model      string
	// ModelSource says where Model came from; "" with Model "" means the
	// tool picks its default.
	ModelSource string
	// BackgroundModel is the model of the tool's background calls, when
	// set (the description's BackgroundModel names where).
	BackgroundModel       string
	BackgroundModelSource string
	// Auth is the header kind the tool will send the key in.
	Auth gateway.Auth
	// Rule is the wire rule of the configured provider when it is not the
	// tool's own (a tool's anthropic provider: POST {baseUrl}/messages).
	Rule *gateway.Tool
	// Key is the key the files hold (or name); it is compared, never
	// printed.
	Key       string
	KeySource string
	// Provider is the id of the provider the tool's files select, for a
	// tool that keeps several.
	Provider string
	// Notes are things noticed while reading the files.
	Notes []string
	// Files are the files that were read (for the report).
	Files []string
	// Route is where the tool's requests go by its files and the
	// environment (discover.Route: a tool's provider switches); the zero
	// Route for a tool without switches, whose turn runs on the provider
	// its files select. RouteSource names what selects it.
	Route       discover.Route
	RouteSource string
	// SwitchesSeen is the tool version whose following of its provider
	// switches the route verdict expects (docs/tools.md).
	SwitchesSeen string
	// Refused is a base URL the tool refuses on its own under the route's
	// switch: the turn through the loopback relay works, the tool on its
	// own does not start. Nil when it refuses none.
	Refused *Refusal
	// Own is what the tool's Reader keeps for its Redirector (settings the
	// turn must repeat): verify only carries it.
	Own any
}

// Refusal is a base URL a tool refuses, where it was read, and the code
// that names the refusal.
type Refusal struct {
	Base, Source string
	Code         catalog.Code
}

// Target is where the relay must forward and what the tool must be told,
// so that the tool requests exactly the paths it would request without
// the relay.
type Target struct {
	// Upstream is the gateway origin (scheme://host[:port]); the relay's
	// root stands for it.
	Upstream *url.URL
	// BasePath is the path of the configured base URL (e.g. /api/v1); the
	// tool is given relayRoot + BasePath.
	BasePath string
	// WantPath is the request path a correct configuration produces
	// (e.g. /api/v1/responses).
	WantPath string
}

// TargetFor works out the relay's upstream for a configured base URL.
func TargetFor(c Configured) (Target, error) {
	desc, ok := tool.Lookup(string(c.Tool))
	if !ok {
		return Target{}, fmt.Errorf("unknown tool %q", c.Tool)
	}
	if c.Base == "" {
		return Target{}, fmt.Errorf("%s has no base URL in its files: it talks to its vendor's API, not to a gateway", desc.Title)
	}
	u, err := url.Parse(strings.TrimSpace(c.Base))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return Target{}, fmt.Errorf("the base URL %q (%s) is not an http(s) URL", c.Base, c.BaseSource)
	}
	t := Target{
		Upstream: &url.URL{Scheme: u.Scheme, Host: u.Host},
		BasePath: strings.TrimRight(u.EscapedPath(), "/"),
	}
	rule := desc.Tool
	if c.Rule != nil {
		rule = *c.Rule
	}
	if p, err := gateway.Normalize(c.Base); err == nil {
		want, _ := url.Parse(rule.RequestURL(p.Root))
		t.WantPath = strings.ReplaceAll(want.EscapedPath(), url.PathEscape(modelSlot), modelSlot)
	}
	return t, nil
}

// Invocation is how to run the tool for one turn: its arguments (after the
// binary), variables to add to its environment, and its working directory.
type Invocation struct {
	Args []string
	Env  []string
	Dir  string
}

// Redirect is one run being pointed at the relay: what a redirect reads,
// and the placeholders and invocation it completes.
type Redirect struct {
	Env        *env.Env
	Configured Configured
	// RelayBase is the relay's root plus the configured base path: the
	// base URL the tool is given.
	RelayBase string
	// Tmp is a private temporary directory, removed after the turn.
	Tmp      string
	Headless *tool.Headless
	// Vars are the placeholders of the headless arguments ({prompt},
	// {dir}); a redirect sets those its way needs.
	Vars map[string]string
	Inv  *Invocation
}

// Redirector is a tool's own way of pointing one run at the relay without
// editing its files (a settings layer, a config override, a copy of its
// data directory). A tool whose package implements none is redirected by
// its headless description's Redirect alone (a variable, a flag).
type Redirector interface {
	VerifyRedirect(r *Redirect) error
}

// workDir makes the empty directory a turn runs in: no file of the user's
// project is in reach of the tool.
func workDir(tmp string) (string, error) {
	work := filepath.Join(tmp, "work")
	return work, os.MkdirAll(work, 0o700)
}

// redirectors are the ways of pointing a run at the relay that need no
// tool's own code, only its headless description: a tool whose way is
// another implements Redirector.
var redirectors = map[tool.Redirect]func(*Redirect) error{
	tool.RedirectEnv:  envRedirect,
	tool.RedirectFlag: flagRedirect,
}

// Prepare builds the invocation of tool for one turn through the relay at
// relayBase (the relay's root plus the configured base path), from the
// tool's headless description. tmp is a private temporary directory the
// caller removes afterwards.
func Prepare(e *env.Env, c Configured, relayBase, tmp string) (Invocation, error) {
	t, ok := Runs(c.Tool)
	if !ok {
		return Invocation{}, fmt.Errorf("verify does not run %s", c.Tool)
	}
	redirect, ok := redirectors[t.Headless.Redirect]
	if r, own := t.Impl.(Redirector); own {
		redirect, ok = r.VerifyRedirect, true
	}
	if !ok {
		return Invocation{}, fmt.Errorf("verify cannot redirect %s (%s)", c.Tool, t.Headless.Redirect)
	}
	work, err := workDir(tmp)
	if err != nil {
		return Invocation{}, err
	}
	inv := Invocation{Dir: work, Env: slices.Clone(t.Headless.Env)}
	vars := map[string]string{"{prompt}": Prompt, "{dir}": work}
	if err := redirect(&Redirect{Env: e, Configured: c, RelayBase: relayBase, Tmp: tmp, Headless: t.Headless, Vars: vars, Inv: &inv}); err != nil {
		return Invocation{}, err
	}
	for _, a := range t.Headless.Args {
		if v, ok := vars[a]; ok {
			a = v
		}
		inv.Args = append(inv.Args, a)
	}
	return inv, nil
}

// envRedirect sets the variable the tool reads its base URL from.
func envRedirect(r *Redirect) error {
	c, relayBase, tmp, h, inv := r.Configured, r.RelayBase, r.Tmp, r.Headless, r.Inv
	if h.BaseEnv == "" {
		return fmt.Errorf("%s names no variable to redirect", c.Tool)
	}
	inv.Env = append(inv.Env, h.BaseEnv+"="+relayBase)
	inv.Env = append(inv.Env, h.Env...)
	if h.SettingsEnv != "" {
		path := filepath.Join(tmp, "settings.json")
		if err := os.WriteFile(path, []byte(h.Settings), 0o600); err != nil {
			return err
		}
		inv.Env = append(inv.Env, h.SettingsEnv+"="+path)
	}
	if h.SettingsFile != "" {
		path := filepath.Join(inv.Dir, h.SettingsFile)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return err
		}
		return os.WriteFile(path, []byte(h.Settings), 0o600)
	}
	return nil
}

// ShownKey is the files' key as the report shows it (redact.Shown).
func (c Configured) ShownKey() string { return redact.Shown(c.Key) }
