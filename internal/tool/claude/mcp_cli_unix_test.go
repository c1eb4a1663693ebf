//go:build unix

package claude

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/writers"
)

// TestRegisterMCPByCLI: a fake claude records its arguments; the server is
// added when absent, nothing runs when the same command is registered, and
// a failing claude is an error naming the command to run by hand.
func TestRegisterMCPByCLI(t *testing.T) {
	home := t.TempDir()
	log := filepath.Join(home, "args")
	fake := filepath.Join(home, "claude")
	script := "#!/bin/sh\necho \"$@\" >> \"$ARGS_LOG\"\n[ -z \"$FAIL\" ] || { echo broken; exit 3; }\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	s := writers.MCPServer{Command: "/opt/keydoctor", Args: []string{"mcp"}}
	e := env.FromMap(map[string]string{"HOME": home, "ARGS_LOG": log, "PATH": os.Getenv("PATH")})
	ran, err := RegisterMCPByCLI(context.Background(), e, fake, s)
	if err != nil || !ran {
		t.Fatalf("ran %v, err %v", ran, err)
	}
	got, _ := os.ReadFile(log)
	if want := strings.Join(MCPAddArgs(s), " ") + "\n"; string(got) != want {
		t.Fatalf("claude ran with %q, want %q", got, want)
	}

	state := `{"mcpServers":{"` + writers.MCPServerName + `":{"command":"/opt/keydoctor","args":["mcp"]}}}`
	if err := os.WriteFile(StateFile(e), []byte(state), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Remove(log)
	if ran, err := RegisterMCPByCLI(context.Background(), e, fake, s); err != nil || ran {
		t.Fatalf("registered already: ran %v, err %v", ran, err)
	}
	if _, err := os.Stat(log); err == nil {
		t.Fatal("claude ran though the same command is registered")
	}

	e = env.FromMap(map[string]string{"HOME": t.TempDir(), "ARGS_LOG": log, "FAIL": "1", "PATH": os.Getenv("PATH")})
	if _, err := RegisterMCPByCLI(context.Background(), e, fake, s); err == nil || !strings.Contains(err.Error(), "broken") {
		t.Fatalf("a failing claude: err %v", err)
	}
}
