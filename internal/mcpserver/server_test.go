package mcpserver_test

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode"

	"github.com/keydoctor/keydoctor/internal/mcpserver"
	"github.com/keydoctor/keydoctor/internal/redact"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const fakeKey = "sk-test-0123456789abcdef"

// recorder is a Runner that records each command line and prints a
// document holding the key, as a careless session would.
type recorder struct{ lines [][]string }

func (r *recorder) run(_ context.Context, args []string) mcpserver.Output {
	r.lines = append(r.lines, args)
	doc := `{"schema":"keydoctor/report@1","summary":{"error":1},"findings":[{"status":"error","code":"auth-invalid","message":"key ` + fakeKey + ` refused \u001b[2J"}]}`
	if args[0] == "doctor" && contains(args, "--fix") {
		doc = "--- a/x\n+++ b/x\n-" + fakeKey + "\n"
	}
	return mcpserver.Output{Stdout: []byte(doc), Code: 1}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func connect(t *testing.T, r *recorder) *mcp.ClientSession {
	t.Helper()
	secrets := redact.NewSecrets()
	secrets.Add(fakeKey)
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	srv := mcpserver.New(mcpserver.Options{Run: r.run, Project: "/proj", Secrets: secrets,
		Profiles: func() []string { return []string{"work", "home"} }})
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestCommandLines(t *testing.T) {
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string // the command line, "" when refused before running
	}{
		{"status", nil, "status --json --project /proj"},
		{"status", map[string]any{"tool": " Claude ", "profile": "work"}, "status --json --project /proj --tool claude --profile work"},
		{"doctor", nil, "doctor --json --project /proj --offline"},
		{"doctor", map[string]any{"wire": true, "tool": "codex"}, "doctor --json --project /proj --tool codex"},
		{"ping", map[string]any{"protocol": "messages"}, "ping --json --protocol messages --timeout 30s"},
		{"ping", map[string]any{"tool": "gemini"}, "ping --json --tool gemini --timeout 30s"},
		{"bench", nil, "bench --json -n 3 -c 1 --warmup 0 --max-tokens 16 --timeout 30s"},
		{"bench", map[string]any{"requests": 5, "protocol": "chat"}, "bench --json --protocol chat -n 5 -c 1 --warmup 0 --max-tokens 16 --timeout 30s"},
		{"fix_plan", nil, "doctor --project /proj --fix --dry-run --offline"},
		{"explain", map[string]any{"query": "  --model\x1b[31m x\n401 "}, "explain --json -- --model [31m x 401"},
		{"ping", map[string]any{"tool": "nosuch"}, ""},
		{"ping", map[string]any{"tool": "claude", "protocol": "chat"}, ""},
		{"ping", map[string]any{"protocol": "grpc"}, ""},
		{"status", map[string]any{"profile": "other"}, ""},
		{"bench", map[string]any{"requests": 6}, ""},
		{"explain", map[string]any{"query": "\x00\x1b"}, ""},
		{"ping", map[string]any{"url": "http://evil"}, ""},
	} {
		r := &recorder{}
		cs := connect(t, r)
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		if err != nil {
			t.Fatalf("%s %v: %v", tc.tool, tc.args, err)
		}
		got := ""
		if len(r.lines) > 0 {
			got = strings.Join(r.lines[0], " ")
		}
		if got != tc.want {
			t.Errorf("%s %v: ran %q, want %q", tc.tool, tc.args, got, tc.want)
		}
		if tc.want == "" && !res.IsError {
			t.Errorf("%s %v: not refused", tc.tool, tc.args)
		}
		raw, _ := json.Marshal(res)
		if strings.Contains(string(raw), fakeKey) {
			t.Errorf("%s %v: the key is in the result: %s", tc.tool, tc.args, raw)
		}
		for _, c := range res.Content {
			if txt := c.(*mcp.TextContent).Text; strings.ContainsRune(txt, 0x1b) {
				t.Errorf("%s %v: an escape in the text: %q", tc.tool, tc.args, txt)
			}
		}
	}
}

// A message longer than MaxLine ends the session: it is not read whole.
func TestLongLine(t *testing.T) {
	r := &recorder{}
	in, feed := io.Pipe()
	srv := mcpserver.New(mcpserver.Options{Run: r.run, Project: "/proj"})
	done := make(chan error, 1)
	go func() {
		done <- srv.Run(context.Background(), &mcp.IOTransport{Reader: in, Writer: nopCloser{io.Discard}, MaxLineLength: mcpserver.MaxLine})
	}()
	go func() {
		io.WriteString(feed, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"explain","arguments":{"query":"`+strings.Repeat("a", mcpserver.MaxLine)+`"}}}`+"\n")
		feed.Close()
	}()
	if err := <-done; err == nil {
		t.Error("the session did not end with an error")
	}
	if len(r.lines) != 0 {
		t.Errorf("ran %v", r.lines)
	}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

func FuzzCleanText(f *testing.F) {
	for _, s := range []string{"401", "\x1b]52;c;aGk=\x07 local proxy failed", "a\u202eb\u200bc", strings.Repeat("é", 3000), "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := mcpserver.CleanText(s)
		if err != nil {
			return
		}
		if len(out) > mcpserver.MaxText {
			t.Fatalf("%d bytes", len(out))
		}
		for _, r := range out {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar && !strings.ContainsRune(s, r) {
				t.Fatalf("%q kept %U", out, r)
			}
		}
	})
}
