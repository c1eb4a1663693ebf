package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FixPlanSchema names fix_plan's document: doctor --fix --dry-run's text
// (the diff, keys masked) with its exit status.
const FixPlanSchema = "keydoctor/fix-plan@1"

// FixPlan is fix_plan's document.
type FixPlan struct {
	Schema string `json:"schema"`
	// Diff is what doctor --fix --dry-run printed: the unified diff of
	// every file it would edit, and the fixes that are not file edits.
	Diff string `json:"diff"`
	// Remaining is true when an error finding is left after the plan.
	Remaining bool `json:"errors_remaining"`
}

// commands maps a tool to the command it runs.
var commands = map[string]string{"fix_plan": "doctor"}

// call runs the command of tool name with the scope's flags and extra.
func (h *handler) call(ctx context.Context, name string, s Scope, extra []string) (*mcp.CallToolResult, any, error) {
	scope, err := h.scopeArgs(s)
	if err != nil {
		return failure(err), nil, nil
	}
	cmd := commands[name]
	if cmd == "" {
		cmd = name
	}
	args := []string{cmd}
	if name != "fix_plan" {
		args = append(args, "--json")
	}
	if cmd == "status" || cmd == "doctor" {
		args = append(args, "--project", h.o.Project)
	}
	args = append(append(args, scope...), extra...)
	return h.run(ctx, name, args)
}

// run runs one command line and makes its result: the document (or, for
// fix_plan, the text in one), masked by the run's redacting writer, and
// a summary of it for the model. A command that printed no document
// failed: its error lines are the result, marked as an error.
func (h *handler) run(ctx context.Context, name string, args []string) (*mcp.CallToolResult, any, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, h.o.Timeout)
	defer cancel()
	out := h.o.Run(ctx, args)
	stdout := h.redact(out.Stdout)
	if name == "fix_plan" && out.Code != 2 {
		doc, err := json.Marshal(FixPlan{Schema: FixPlanSchema, Diff: string(stdout), Remaining: out.Code == 1})
		if err != nil {
			return nil, nil, err
		}
		stdout = doc
	}
	if !json.Valid(stdout) || len(bytes.TrimSpace(stdout)) == 0 {
		msg := strings.TrimSpace(string(h.redact(out.Stderr)))
		if msg == "" {
			msg = "keydoctor: error: " + name + " printed nothing"
		}
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}, nil, nil
	}
	text := string(h.redact([]byte(summarize(name, stdout))))
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, json.RawMessage(stdout), nil
}

// redact passes b through the run's one redacting writer: every secret
// the run has seen masked, key-shaped words too, control bytes escaped.
func (h *handler) redact(b []byte) []byte {
	s := h.o.Secrets
	if s == nil {
		s = redact.NewSecrets()
	}
	var buf bytes.Buffer
	w := redact.NewWriter(&buf, s, redact.Options{})
	w.Write(b)
	w.Flush()
	return buf.Bytes()
}

// failure is a refused call: the agent reads why.
func failure(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "keydoctor: error: " + printable(err.Error())}}}
}
