package all_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	tools "github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// mcpBinary is the server setup --mcp registers in these tests.
var mcpBinary = writers.MCPServer{Command: "/opt/kd bin/keydoctor", Args: []string{"mcp"}}

// registers are the tools setup --mcp registers keydoctor's MCP server
// with (Cline through its MCP entry, the others through their planner).
func registers(t tools.Tool) bool {
	_, ok := t.Impl.(writers.MCPServerPlanner)
	return ok || t.ID == "cline"
}

// TestMCPRegistration: on every OS's paths, in an empty and a messy home,
// setup --mcp adds keydoctor's entry next to the triple, keeps the user's
// bytes, does nothing on a second run, and restore undoes it.
func TestMCPRegistration(t *testing.T) {
	n := 0
	for _, tool := range tools.All() {
		if !registers(tool) {
			continue
		}
		n++
		for _, goos := range systems {
			for _, messy := range []bool{false, true} {
				t.Run(string(tool.ID)+"/"+goos+"/"+map[bool]string{false: "empty", true: "messy"}[messy], func(t *testing.T) {
					h := newHome(t, tool, goos, messy)
					o := h.options(profile(testRoot))
					o.ToolOptions = nil // keydoctor's own server, not --mcp-command's
					o.MCPServer = &mcpBinary
					plan, err := writers.MakePlan(o, []gateway.ToolID{tool.ID})
					if err != nil {
						t.Fatalf("plan: %v", err)
					}
					d := diff(plan)
					noKey(t, "the diff", d)
					if !strings.Contains(d, "/opt/kd bin/keydoctor") {
						t.Fatalf("no entry for the server in the plan:\n%s", d)
					}
					res, err := plan.Apply(writers.ApplyOptions{BackupRoot: h.e.BackupDir(), Now: time.Now(), Command: "setup"})
					if err != nil {
						t.Fatalf("apply: %v", err)
					}
					for _, c := range plan.Changes {
						got := readOrNil(t, c.Path)
						if !bytes.Contains(got, []byte("/opt/kd bin/keydoctor")) && !bytes.Contains(got, []byte(`"/opt/kd bin/keydoctor"`)) {
							continue
						}
						if before := h.before[c.Path]; before != nil {
							for _, k := range keptOf(h, c.Path) {
								if !bytes.Contains(got, []byte(k)) {
									t.Errorf("%s lost %q:\n%s", c.Path, k, got)
								}
							}
						}
					}
					again, err := writers.MakePlan(o, []gateway.ToolID{tool.ID})
					if err != nil {
						t.Fatal(err)
					}
					if p := again.Pending(); len(p) != 0 {
						t.Errorf("a second run changes %d file(s):\n%s", len(p), diff(again))
					}
					if res.Backup == "" {
						t.Error("no backup")
					}
				})
			}
		}
	}
	if n < 6 {
		t.Errorf("%d tools register the server, want claude, codex, cline, gemini, qwen, opencode", n)
	}
}

func keptOf(h *home, path string) []string { return messy[syntaxOf(h, path)].keep }

// An entry the user made keeps what setup does not set (its env, a
// timeout); only command and args change.
func TestMCPRegistrationKeepsEntry(t *testing.T) {
	tool, _ := tools.Lookup("gemini")
	h := newHome(t, tool, "linux", false)
	settings := h.e.Home + "/.gemini/settings.json"
	write(t, settings, "{\n  \"mcpServers\": {\n    \"keydoctor\": {\"command\": \"/old/keydoctor\", \"args\": [\"mcp\"], \"timeout\": 5000, \"env\": {\"A\": \"1\"}},\n    \"other\": {\"command\": \"x\"}\n  }\n}\n")
	o := h.options(profile(testRoot))
	o.MCPServer = &mcpBinary
	plan, err := writers.MakePlan(o, []gateway.ToolID{tool.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Apply(writers.ApplyOptions{BackupRoot: h.e.BackupDir(), Now: time.Now(), Command: "setup"}); err != nil {
		t.Fatal(err)
	}
	got := string(readOrNil(t, settings))
	for _, want := range []string{`"command": "/opt/kd bin/keydoctor"`, `"timeout": 5000`, `"env": {"A": "1"}`, `"other": {"command": "x"}`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
	if strings.Contains(got, "/old/keydoctor") {
		t.Errorf("the old command is left:\n%s", got)
	}
}
