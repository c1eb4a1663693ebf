package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/mcpserver"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// agentPrefix is how Claude Code names an MCP server's tools to its
// model: mcp__SERVER__TOOL.
const agentPrefix = "mcp__" + mcpserver.Name + "__"

// Agent ends the demo as a coding agent would: its model, offered
// keydoctor's MCP tools, calls doctor, and answers with what it found.
// The model is the fake gateway's agent-mcp scenario; the agent loop is
// here, and keydoctor's MCP server runs in-process on the demo's home,
// where Claude Code's base URL is still broken. so is how the server runs
// the commands (its Run and Version); its project is the demo's.
func Agent(st *State, so mcpserver.Options) error {
	ctx, cancel := context.WithTimeout(st.Ctx, 2*time.Minute)
	defer cancel()
	so.Project, so.Secrets = st.Project(), st.Env.Secrets
	srv := mcpserver.New(so)
	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, serverEnd, nil)
	if err != nil {
		return err
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "demo-agent", Version: "1"}, nil).Connect(ctx, clientEnd, nil)
	if err != nil {
		return err
	}
	defer cs.Close()
	listed, err := cs.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	var tools []map[string]any
	var names []string
	for _, t := range listed.Tools {
		tools = append(tools, map[string]any{"name": agentPrefix + t.Name, "description": t.Description, "input_schema": t.InputSchema})
		names = append(names, t.Name)
	}
	question := "Claude Code says the model may not exist or I may not have access to it. Why?"
	messages := []map[string]any{{"role": "user", "content": question}}
	fmt.Fprintf(st.Out, "  user → model       %q\n", question)
	fmt.Fprintf(st.Out, "                      (keydoctor's MCP tools offered: %s)\n", strings.Join(names, ", "))
	for turn := 0; turn < 4; turn++ {
		answer, err := agentTurn(ctx, st, tools, messages)
		if err != nil {
			return err
		}
		var uses []map[string]any
		var text []string
		for _, b := range answer {
			switch b["type"] {
			case "tool_use":
				uses = append(uses, b)
			case "text":
				text = append(text, fmt.Sprint(b["text"]))
			}
		}
		if len(uses) == 0 {
			fmt.Fprintf(st.Out, "  model → user       %s\n", human.Clip(strings.Join(text, " "), 240))
			return nil
		}
		messages = append(messages, map[string]any{"role": "assistant", "content": answer})
		var results []map[string]any
		for _, u := range uses {
			name, _ := u["name"].(string)
			args, _ := u["input"].(map[string]any)
			shown, _ := json.Marshal(args)
			fmt.Fprintf(st.Out, "  model → keydoctor   %s %s (over MCP)\n", name, shown)
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: strings.TrimPrefix(name, agentPrefix), Arguments: args})
			if err != nil {
				return err
			}
			var out strings.Builder
			for _, c := range res.Content {
				if tc, ok := c.(*mcp.TextContent); ok {
					out.WriteString(tc.Text)
				}
			}
			for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				fmt.Fprintf(st.Out, "  keydoctor → model   %s\n", line)
			}
			results = append(results, map[string]any{"type": "tool_result", "tool_use_id": u["id"], "content": out.String(), "is_error": res.IsError})
		}
		messages = append(messages, map[string]any{"role": "user", "content": results})
	}
	return fmt.Errorf("the agent did not finish in 4 turns")
}

// agentTurn sends one messages request of the agent loop to the fake
// gateway, playing the agent-mcp model, and returns the answer's content.
func agentTurn(ctx context.Context, st *State, tools, messages []map[string]any) ([]map[string]any, error) {
	body, err := json.Marshal(map[string]any{"model": st.Profile.Model, "max_tokens": 512, "tools": tools, "messages": messages})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(st.Gateway.Root(), "/")+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("anthropic-version", "2023-06-01")
	req.Header.Set("x-api-key", st.Profile.Key)
	req.Header.Set(mock.ScenarioHeader, mock.AgentMCP)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("the gateway answered %d", resp.StatusCode)
	}
	var m struct {
		Content []map[string]any `json:"content"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	return m.Content, nil
}
