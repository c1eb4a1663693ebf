package truth

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/procgroup"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// The keys of every check: obvious fakes. Key is the one the gateway
// accepts; Other is one it rejects (a stale key in a layer that should
// lose).
const (
	Key   = "sk-truth-accepted-0123"
	Other = "sk-truth-rejected-4567"
)

// Options tune a check; the zero value is usable.
type Options struct {
	// Timeout bounds the whole turn; 3 minutes when zero (the slowest
	// tools take 15–25 s a turn on two cores, a retried 401 longer).
	Timeout time.Duration
	// Grace is how long the tool may go on after its first model request
	// (to finish a 200, or while it retries a failure); 20 s when zero.
	Grace time.Duration
	// Path is the PATH the tool runs with besides its own directory (node
	// must be on it for an npm-installed CLI); the process's when empty.
	Path string
	// Prompt is the turn's prompt; "say hi" when empty.
	Prompt string
}

func (o Options) withDefaults() Options {
	if o.Timeout == 0 {
		o.Timeout = 3 * time.Minute
	}
	if o.Grace == 0 {
		o.Grace = 20 * time.Second
	}
	if o.Path == "" {
		o.Path = os.Getenv("PATH")
	}
	if o.Prompt == "" {
		o.Prompt = "say hi"
	}
	return o
}

// Check runs one case of t's suite with the tool's executable bin.
func Check(ctx context.Context, t tool.Tool, bin string, s Suite, c Case, o Options) Result {
	o = o.withDefaults()
	res := Result{Tool: t.ID, Fact: c.Fact, Seen: c.Seen}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	scratch, err := os.MkdirTemp("", "keydoctor-truth-")
	if err != nil {
		res.Err = err.Error()
		return res
	}
	defer os.RemoveAll(scratch)
	home, project := filepath.Join(scratch, "home"), filepath.Join(scratch, "project")

	seen := &firstRequest{got: make(chan struct{})}
	gw, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{Prefix: "/api", Key: Key, Logger: seen,
		Models: append(mock.DefaultModels(), s.Models...)})
	if err != nil {
		res.Err = "starting the fake gateway: " + err.Error()
		return res
	}
	defer gw.Close()
	ph := placeholders{root: gw.Root(), home: home}
	for _, dir := range []string{home, project} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			res.Err = err.Error()
			return res
		}
	}
	files := map[string]string{}
	for name, body := range s.Files {
		files[name] = body
	}
	for name, body := range c.Files {
		files[name] = body
	}
	written := map[string][]byte{}
	for name, body := range files {
		written[name] = []byte(expand(body, ph))
		if err := writeFile(casePath(name, home, project), string(written[name])); err != nil {
			res.Err = err.Error()
			return res
		}
	}
	e := caseEnv(home, filepath.Dir(bin)+string(os.PathListSeparator)+o.Path, t, s, c, ph)
	if f, ok := toolversion.Detect(e, t.Binary, s.Package); ok {
		res.Version = f.Version
	}

	var exp Expect
	if c.Expect != nil {
		exp = c.Expect(res.Version)
	}
	pred, err := predict(e, t, project)
	switch {
	case exp.NoRequest: // the facts say the tool stops first
		pred = Request{}
	case err != nil:
		res.Err = err.Error()
		return res
	case exp.Model != "":
		pred.Model = exp.Model
	}
	res.Predicted = pred

	args := make([]string, len(s.Command))
	for i, a := range s.Command {
		args[i] = strings.ReplaceAll(a, "{prompt}", o.Prompt)
	}
	out, group, runErr := run(ctx, bin, args, project, e.Environ(), seen.got, o.Grace)
	res.Observed = seen.request()
	if exp.NoRequest {
		if res.Observed != (Request{}) {
			res.Differences = []string{"a model request reached the gateway (" + res.Observed.Path + "), predicted none"}
		}
	} else {
		res.Differences = compare(pred, res.Observed)
	}
	res.Differences = append(res.Differences, compareFiles(exp.Files, home, project, written)...)
	// Whatever the facts say, no process the turn started outlives the
	// case: the harness ends those it finds. One still in the turn's
	// group is the turn ending; one that left it is a daemon.
	left := settled(home, group)
	gone := escaped(left)
	switch {
	case len(gone) > 0 && !exp.Leftover:
		res.Differences = append(res.Differences, "left running after the turn, outside its process group: "+describe(gone))
	case len(gone) == 0 && exp.Leftover && leftoversSeen():
		res.Differences = append(res.Differences, "no process left running after the turn, predicted one")
	}
	stop(left, home)
	if !res.Held() {
		res.Output = out
		if runErr != nil && res.Observed == (Request{}) {
			res.Output = strings.TrimSpace(res.Output + "\n(" + runErr.Error() + ")")
		}
	}
	redact.Scrub(&res, Key, Other) // the tool's output, its error and what it sent may echo the case's keys
	return res
}

// caseEnv is the turn's environment: a home of its own, the tool's
// directory first on PATH, the variables verify sets for a turn, the
// suite's and the case's.
func caseEnv(home, path string, t tool.Tool, s Suite, c Case, ph placeholders) *env.Env {
	vars := map[string]string{"HOME": home, "PATH": path, "TERM": "dumb", "NO_COLOR": "1",
		"TMPDIR": os.TempDir(), "LANG": "C.UTF-8"}
	if runtime.GOOS == "windows" {
		vars["USERPROFILE"], vars["APPDATA"] = home, filepath.Join(home, "AppData", "Roaming")
		vars["LOCALAPPDATA"], vars["SystemRoot"] = filepath.Join(home, "AppData", "Local"), os.Getenv("SystemRoot")
	}
	if t.Headless != nil { // what verify sets for a turn: trust, telemetry off
		for _, kv := range t.Headless.Env {
			if k, v, ok := strings.Cut(kv, "="); ok {
				vars[k] = v
			}
		}
	}
	for k, v := range s.Env {
		vars[k] = v
	}
	for k, v := range c.Env {
		vars[k] = expand(v, ph)
	}
	e := env.FromMap(vars)
	e.GOOS = runtime.GOOS
	return e
}

// predict is what keydoctor's reader says the tool will send, from the
// same files status and doctor read.
func predict(e *env.Env, t tool.Tool, project string) (Request, error) {
	snap := discover.Discover(e, discover.Options{Project: project})
	got, ok := snap.Own(t.ID)
	if !ok {
		why := ""
		for _, p := range snap.Problems {
			why = fmt.Sprintf(" (%s:%d:%d: %s)", p.File, p.Line, p.Col, p.Message)
		}
		return Request{}, fmt.Errorf("keydoctor reads no configuration of %s%s", t.Title, why)
	}
	req, ok := got.Request()
	if !ok {
		return Request{}, fmt.Errorf("keydoctor predicts no request of %s (no base URL on the gateway route)", t.Title)
	}
	// The Gemini API names the model in the path.
	u, err := url.Parse(strings.ReplaceAll(req.URL, "{model}", got.Model.Value))
	if err != nil {
		return Request{}, fmt.Errorf("keydoctor predicts the URL %q: %v", req.URL, err)
	}
	p := Request{Path: u.EscapedPath(), Model: got.Model.Value, Auth: got.Auth}
	if got.Key.Value != "" {
		p.Key = redact.Shown(got.Key.Value)
	}
	return p, nil
}

// run runs the turn; once the first model request has come, the tool has
// grace to finish before it is stopped. group is the turn's process
// group (its process's id, procgroup).
func run(ctx context.Context, bin string, args []string, dir string, environ []string, first <-chan struct{}, grace time.Duration) (out string, group int, err error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = environ
	cmd.Stdin = strings.NewReader("")
	var buf tail
	cmd.Stdout, cmd.Stderr = &buf, &buf
	cmd.WaitDelay = 3 * time.Second
	if err := procgroup.Start(cmd); err != nil { // a node wrapper's real binary ends with it
		return "", 0, err
	}
	group = cmd.Process.Pid
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return buf.String(), group, err
	case <-first:
	}
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case err := <-done:
		return buf.String(), group, err
	case <-timer.C:
		cancel()
		return buf.String(), group, <-done
	}
}

func writeFile(path, body string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(body), 0o600)
}

// firstRequest is the fake gateway's log: it keeps the first model
// request (a POST that generates: not a token count) and closes got.
type firstRequest struct {
	mu    sync.Mutex
	buf   []byte
	first *Request
	got   chan struct{}
}

func (f *firstRequest) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.buf = append(f.buf, p...)
	for {
		i := strings.IndexByte(string(f.buf), '\n')
		if i < 0 {
			return len(p), nil
		}
		line := f.buf[:i]
		f.buf = f.buf[i+1:]
		if f.first != nil {
			continue
		}
		var l struct {
			Method, Path, Model, Auth, Key string
		}
		if json.Unmarshal(line, &l) != nil || l.Method != "POST" || counting(l.Path) {
			continue
		}
		path := l.Path
		if u, err := url.Parse(l.Path); err == nil {
			path = u.EscapedPath()
		}
		f.first = &Request{Path: path, Model: l.Model, Auth: gateway.Auth(l.Auth), Key: l.Key}
		if l.Auth == "none" {
			f.first.Auth = ""
		}
		close(f.got)
	}
}

func (f *firstRequest) request() Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.first == nil {
		return Request{}
	}
	return *f.first
}

// counting reports whether a POST only counts tokens.
func counting(path string) bool {
	return strings.Contains(path, "count_tokens") || strings.Contains(path, ":countTokens")
}

// tail keeps the last 4 KiB of the tool's output.
type tail struct {
	mu sync.Mutex
	b  []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 4096 {
		t.b = t.b[len(t.b)-4096:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
