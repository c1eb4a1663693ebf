package mcpserver

import (
	"context"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools' arguments. Every field is validated before it becomes an
// argument of a command line (args.go); unknown fields are refused by
// the schema the SDK infers from these types.
type (
	// Scope narrows a tool to one coding tool and one stored profile.
	Scope struct {
		Tool    string `json:"tool,omitempty" jsonschema:"only this coding tool, by its keydoctor id (an unknown id is refused with the list of ids)"`
		Profile string `json:"profile,omitempty" jsonschema:"a stored keydoctor profile name; default the user's own resolution"`
	}
	DoctorArgs struct {
		Scope
		Wire bool `json:"wire,omitempty" jsonschema:"also send small requests to the gateway (the wire ladder); default offline: files and environment only"`
	}
	PingArgs struct {
		Scope
		Protocol string `json:"protocol,omitempty" jsonschema:"chat, messages, responses or gemini (not with tool)"`
	}
	BenchArgs struct {
		PingArgs
		Requests int `json:"requests,omitempty" jsonschema:"measured requests, 1 to 5 (default 3); each costs at most 16 output tokens"`
	}
	ExplainArgs struct {
		Query string `json:"query" jsonschema:"a diagnosis code, an HTTP status or an error message pasted from a tool (at most 4 KiB)"`
	}
)

// MaxBench is the most requests bench sends for an agent; benchTokens
// caps each one's output.
const (
	MaxBench    = 5
	benchTokens = 16
)

func readOnly(openWorld bool) *mcp.ToolAnnotations {
	return &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &openWorld}
}

func (h *handler) register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "status", Annotations: readOnly(false),
		Description: "each coding tool's effective base URL, masked key and model, where each came from, and the request it will send (keydoctor status --json, schema keydoctor/status@1)"},
		func(ctx context.Context, _ *mcp.CallToolRequest, a Scope) (*mcp.CallToolResult, any, error) {
			return h.call(ctx, "status", a, nil)
		})
	mcp.AddTool(s, &mcp.Tool{Name: "doctor", Annotations: readOnly(true),
		Description: "diagnose the gateway configuration: every finding with its code, cause and fix (keydoctor doctor --json, schema keydoctor/report@1); offline unless wire is true"},
		func(ctx context.Context, _ *mcp.CallToolRequest, a DoctorArgs) (*mcp.CallToolResult, any, error) {
			var extra []string
			if !a.Wire {
				extra = append(extra, "--offline")
			}
			return h.call(ctx, "doctor", a.Scope, extra)
		})
	mcp.AddTool(s, &mcp.Tool{Name: "ping", Annotations: readOnly(true),
		Description: "send one small request to the gateway, as a tool sends it (tool) or in a protocol (protocol), and show the answer, timings and diagnosis (keydoctor ping --json, schema keydoctor/ping@1)"},
		func(ctx context.Context, _ *mcp.CallToolRequest, a PingArgs) (*mcp.CallToolResult, any, error) {
			extra, err := protocolArgs(a)
			if err != nil {
				return failure(err), nil, nil
			}
			return h.call(ctx, "ping", a.Scope, append(extra, "--timeout", "30s"))
		})
	mcp.AddTool(s, &mcp.Tool{Name: "explain", Annotations: readOnly(false),
		Description: "what a diagnosis code, an HTTP status or a pasted error message means: the likely codes, their causes and fixes (keydoctor explain --json, schema keydoctor/explain@1)"},
		func(ctx context.Context, _ *mcp.CallToolRequest, a ExplainArgs) (*mcp.CallToolResult, any, error) {
			q, err := cleanText(a.Query)
			if err != nil {
				return failure(err), nil, nil
			}
			// After "--": the text is never read as a flag.
			return h.run(ctx, "explain", []string{"explain", "--json", "--", q})
		})
	mcp.AddTool(s, &mcp.Tool{Name: "bench", Annotations: readOnly(true),
		Description: "a small latency benchmark of the gateway: 1 to 5 streamed requests, one at a time, at most 16 output tokens each (keydoctor bench --json, schema keydoctor/bench@1); the summary states its cost"},
		func(ctx context.Context, _ *mcp.CallToolRequest, a BenchArgs) (*mcp.CallToolResult, any, error) {
			n := a.Requests
			if n == 0 {
				n = 3
			}
			if n < 1 || n > MaxBench {
				return failure(argError("requests must be 1 to %d", MaxBench)), nil, nil
			}
			extra, err := protocolArgs(a.PingArgs)
			if err != nil {
				return failure(err), nil, nil
			}
			extra = append(extra, "-n", strconv.Itoa(n), "-c", "1", "--warmup", "0", "--max-tokens", strconv.Itoa(benchTokens), "--timeout", "30s")
			return h.call(ctx, "bench", a.Scope, extra)
		})
	mcp.AddTool(s, &mcp.Tool{Name: "fix_plan", Annotations: readOnly(true),
		Description: "the diff 'keydoctor doctor --fix' would apply to the user's files, keys masked; writes nothing (the user runs doctor --fix to apply it)"},
		func(ctx context.Context, _ *mcp.CallToolRequest, a DoctorArgs) (*mcp.CallToolResult, any, error) {
			extra := []string{"--fix", "--dry-run"}
			if !a.Wire {
				extra = append(extra, "--offline")
			}
			return h.call(ctx, "fix_plan", a.Scope, extra)
		})
}

// protocolArgs are ping's and bench's --tool or --protocol.
func protocolArgs(a PingArgs) ([]string, error) {
	if a.Protocol == "" {
		return nil, nil
	}
	if a.Tool != "" {
		return nil, argError("give tool or protocol, not both: a tool speaks its own protocol")
	}
	for _, p := range Protocols {
		if a.Protocol == p {
			return []string{"--protocol", p}, nil
		}
	}
	return nil, argError("protocol must be one of chat, messages, responses, gemini")
}

// Protocols are the protocols an agent may name.
var Protocols = []string{"chat", "messages", "responses", "gemini"}
