package verify

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/procgroup"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// RunOptions configure one verify turn.
type RunOptions struct {
	Binary  string // the tool's executable, as the caller found it
	Timeout time.Duration
	// Transport reaches the gateway; nil: relay.DefaultTransport.
	Transport http.RoundTripper
	// Started, when set, is told the relay's root before the tool runs.
	Started func(relayRoot string)
}

// Turn is what one verify run saw.
type Turn struct {
	Configured Configured
	Target     Target
	RelayRoot  string
	Records    []relay.Record // every request, in arrival order
	Verdicts   []Verdict
	// ToolErr is how the tool's process failed (nil: exit 0); ToolOutput
	// the last bytes of its stdout and stderr, as it wrote them.
	ToolErr    error
	ToolOutput string
	// ToolLog are the lines of the tool's own log about a failed turn
	// (LogReader), masked and escaped; ToolLogPath the log's path.
	ToolLog     []string
	ToolLogPath string
	TimedOut    bool
}

// LogReader is implemented by a tool whose terminal says nothing of why a
// turn failed (a bare "Exec failed"): after a failed turn, its
// own log's lines about that turn (written at or after since), masked
// and escaped, and the log's path.
type LogReader interface {
	VerifyLog(e *env.Env, c Configured, since time.Time) (path string, lines []string)
}

// Failed reports whether the turn has an error verdict or the tool failed.
func (t Turn) Failed() bool {
	if t.ToolErr != nil {
		return true
	}
	for _, v := range t.Verdicts {
		if v.Status == Error {
			return true
		}
	}
	return false
}

// Run starts the relay toward the configured gateway, runs one headless
// turn of the tool through it, and judges what the tool sent. Nothing of
// the tool's own files is written; temporary files are removed.
func Run(ctx context.Context, e *env.Env, c Configured, o RunOptions) (Turn, error) {
	turn := Turn{Configured: c}
	target, err := TargetFor(c)
	if err != nil {
		return turn, err
	}
	turn.Target = target
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	tmp, err := os.MkdirTemp("", "keydoctor-verify-")
	if err != nil {
		return turn, err
	}
	defer os.RemoveAll(tmp)

	var mu sync.Mutex
	srv, err := relay.Start(ctx, "127.0.0.1:0", relay.Options{
		Upstream: target.Upstream, Expect: nonEmpty(c.Model, c.BackgroundModel), Transport: o.Transport, Now: e.Now,
		OnRecord: func(r relay.Record) { mu.Lock(); turn.Records = append(turn.Records, r); mu.Unlock() },
	})
	if err != nil {
		return turn, fmt.Errorf("starting the relay: %w", err)
	}
	defer srv.Close()
	turn.RelayRoot = srv.Root
	inv, err := Prepare(e, c, srv.Root+target.BasePath, tmp)
	if err != nil {
		return turn, fmt.Errorf("preparing the run: %w", err)
	}
	if o.Started != nil {
		o.Started(srv.Root)
	}
	started := time.Now()
	if e.Now != nil {
		started = e.Now()
	}
	turn.ToolOutput, turn.ToolErr = runTool(ctx, o.Binary, inv, e)
	turn.TimedOut = ctx.Err() == context.DeadlineExceeded
	srv.Close() // every request of the turn is recorded once this returns
	mu.Lock()
	defer mu.Unlock()
	turn.Verdicts = Judge(c, target, turn.Records)
	if turn.ToolErr != nil && !turn.TimedOut {
		t, _ := tool.Lookup(string(c.Tool))
		if v, ok := saidVerdict(t.Title, turn.ToolOutput); ok {
			turn.Verdicts = append(turn.Verdicts, v)
		}
		if lr, ok := t.Impl.(LogReader); ok {
			turn.ToolLogPath, turn.ToolLog = lr.VerifyLog(e, c, started.Add(-time.Second))
		}
	}
	return turn, nil
}

func runTool(ctx context.Context, bin string, inv Invocation, e *env.Env) (string, error) {
	cmd := exec.CommandContext(ctx, bin, inv.Args...)
	cmd.Dir = inv.Dir
	cmd.Env = append(e.Environ(), inv.Env...)
	cmd.Stdin = strings.NewReader("") // never a terminal: no prompt can wait for an answer
	out := &tailBuffer{max: 4096}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = 3 * time.Second // a tool whose children keep its pipes open
	err := procgroup.Run(cmd)
	return out.String(), err
}

func nonEmpty(s ...string) []string {
	var out []string
	for _, v := range s {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	b   []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
