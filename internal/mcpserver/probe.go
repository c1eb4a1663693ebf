package mcpserver

import (
	"context"
	"errors"
	"os/exec"
	"sort"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ProbeTimeout bounds Probe: start, initialize, tools/list, close.
const ProbeTimeout = 10 * time.Second

// ProbeIn is Probe of command args, run with e's environment (its
// stderr discarded): how doctor starts an MCP server entry.
func ProbeIn(e *env.Env) func(ctx context.Context, command string, args []string) ([]string, error) {
	return func(ctx context.Context, command string, args []string) ([]string, error) {
		cmd := exec.Command(command, args...)
		if e.Environ != nil {
			cmd.Env = e.Environ()
		}
		return Probe(ctx, cmd)
	}
}

// Probe starts cmd (an MCP server on stdio), runs the handshake and
// tools/list, and returns the tools' names; the server is stopped before
// it returns. cmd must not be started yet.
func Probe(ctx context.Context, cmd *exec.Cmd) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, ProbeTimeout)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "keydoctor-doctor", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: time.Second}, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		if ctx.Err() != nil {
			return nil, errors.New("no answer to tools/list within " + ProbeTimeout.String())
		}
		return nil, err
	}
	var names []string
	for _, t := range res.Tools {
		names = append(names, t.Name)
	}
	sort.Strings(names)
	return names, nil
}
