package claude

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/procgroup"
)

// HelperTimeout bounds an apiKeyHelper run. Claude Code waits for the
// helper as long as it takes (its 5-minute TTL is how long it keeps the
// key); a probe cannot: a helper that has not answered in 10 s is
// reported, not waited for.
const HelperTimeout = 10 * time.Second

// helperTimeout is HelperTimeout, shorter in a test of the deadline.
var helperTimeout = HelperTimeout

// maxHelperOutput caps what a helper may print: a key is a line.
const maxHelperOutput = 64 << 10

// HelperKey runs the apiKeyHelper Claude Code would run (the highest
// settings layer's), as it runs it: the command through the shell
// (shellCommand), in the project directory, with the environment's
// variables; its standard output, trimmed, is the key. Neither the key
// nor what the helper writes to stderr is printed. A helper that a
// project's settings (.claude/settings.json, settings.local.json) name is
// never run: a cloned repository would choose what code runs here; the
// user's own settings and the managed ones (an administrator's) are run.
func (impl) HelperKey(ctx context.Context, s *discover.Snapshot, _ discover.Tool) (discover.Helped, error) {
	layer, ok := helperLayer(StateOf(s))
	if !ok {
		return discover.Helped{}, errors.New("no apiKeyHelper is set")
	}
	if sc := Scope(layer.Scope); sc == Project || sc == Local {
		return discover.Helped{}, &discover.NotRunError{Where: layer.APIKeyHelper.Source.Named(s.Env)}
	}
	ctx, cancel := context.WithTimeout(ctx, helperTimeout)
	defer cancel()
	cmd := shellCommand(ctx, layer.APIKeyHelper.Value)
	cmd.Env, cmd.Dir = s.Env.Environ(), s.Project
	var out capped
	cmd.Stdout = &out
	cmd.WaitDelay = time.Second // a child keeping the pipe open is not waited for
	err := procgroup.Run(cmd)   // a shell's child ends with it
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return discover.Helped{}, fmt.Errorf("apiKeyHelper did not answer in %s", helperTimeout)
	case err != nil:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return discover.Helped{}, fmt.Errorf("apiKeyHelper failed (exit status %d)", exit.ExitCode())
		}
		return discover.Helped{}, fmt.Errorf("apiKeyHelper could not be run: %v", err)
	}
	key := strings.TrimSpace(out.String())
	if key == "" {
		return discover.Helped{}, errors.New("apiKeyHelper printed no key")
	}
	if s.Env.Secrets != nil {
		s.Env.Secrets.Add(key)
	}
	// Alone, the helper's key goes in both headers (✓ 2.1.197,
	// docs/tools.md): Bearer and x-api-key.
	return discover.Helped{Key: key, Auth: gateway.AuthBearer,
		Headers: []discover.Header{{Name: "x-api-key", Value: discover.Value{Value: key}}}}, nil
}

// helperLayer is the highest settings layer that sets apiKeyHelper.
func helperLayer(c *State) (Layer, bool) {
	for i := len(c.Layers) - 1; i >= 0; i-- {
		if c.Layers[i].APIKeyHelper.Value != "" {
			return c.Layers[i], true
		}
	}
	return Layer{}, false
}

// capped keeps the first maxHelperOutput bytes written to it.
type capped struct{ bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxHelperOutput - c.Len(); room > 0 {
		c.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
