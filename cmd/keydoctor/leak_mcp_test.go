package main

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpSession drives keydoctor mcp over stdio as an agent would, calling
// each of its tools once, and checks every result and the server's
// stderr for the canary.
func (s *sandbox) mcpSession() {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := s.command(ctx, "mcp", "--project", s.proj)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "leak", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		s.t.Errorf("keydoctor mcp: %v\n%s", err, errb.String())
		return
	}
	s.cover.add("mcp")
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"status", nil}, {"doctor", map[string]any{"wire": true}}, {"ping", map[string]any{"tool": "claude"}},
		{"ping", map[string]any{"protocol": "messages"}}, {"bench", map[string]any{"requests": 1}},
		{"fix_plan", nil}, {"explain", map[string]any{"query": "401 " + leakCanary}},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			s.t.Errorf("keydoctor mcp, %s: %v", c.tool, err)
			continue
		}
		raw, _ := json.Marshal(res)
		s.check("keydoctor mcp, tool "+c.tool, string(raw))
	}
	cs.Close()
	s.check("keydoctor mcp (stderr)", errb.String())
}
