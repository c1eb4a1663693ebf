package setup

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/stop"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/writers"
)

// TestMCPByCLIs: Claude Code, installed, gets the server through its own
// command at user scope (the default) and its .mcp.json entry otherwise;
// a tool without such a command, or not installed, never does.
func TestMCPByCLIs(t *testing.T) {
	found := func(name string) (string, error) { return "/bin/" + name, nil }
	ids := []gateway.ToolID{"claude", "codex"}
	for _, tc := range []struct {
		scope string
		want  map[gateway.ToolID]string
	}{
		{"", map[gateway.ToolID]string{"claude": "/bin/claude"}},
		{"user", map[gateway.ToolID]string{"claude": "/bin/claude"}},
		{"project", nil},
	} {
		s := &writers.MCPServer{Command: "/bin/keydoctor", Args: []string{"mcp"}}
		MCPByCLIs(s, ids, tc.scope, found)
		if len(s.ByCLI) != len(tc.want) || s.ByCLI["claude"] != tc.want["claude"] {
			t.Errorf("scope %q: ByCLI = %v, want %v", tc.scope, s.ByCLI, tc.want)
		}
	}
	s := &writers.MCPServer{Command: "/bin/keydoctor"}
	MCPByCLIs(s, ids, "", func(string) (string, error) { return "", nil })
	if s.ByCLI != nil {
		t.Errorf("claude not installed: ByCLI = %v", s.ByCLI)
	}
	if !MCPAgentInstalled(ids, found) || MCPAgentInstalled(ids, nil) {
		t.Error("MCPAgentInstalled: want true with claude on PATH, false without a PATH")
	}
}

// TestSettleMCP: --mcp registers this binary and --no-mcp does not, both
// without asking; with neither the question is asked only when an agent
// that takes the server is installed, and only in the wizard.
func TestSettleMCP(t *testing.T) {
	self := func() (string, error) { return "/bin/keydoctor", nil }
	installed := func(name string) (string, error) { return "/bin/" + name, nil }
	none := func(string) (string, error) { return "", errors.New("not found") }
	ids := []gateway.ToolID{"claude"}
	for _, tc := range []struct {
		name        string
		on, off     bool
		answer      *bool // the wizard's answer; nil: no wizard
		lookPath    func(string) (string, error)
		wantAsked   bool
		wantServer  bool
		wantUsage   bool
		wantAskFail bool
	}{
		{name: "--mcp", on: true, lookPath: none, wantServer: true},
		{name: "--mcp in the wizard", on: true, answer: ptr(false), lookPath: installed, wantServer: true},
		{name: "--no-mcp in the wizard", off: true, answer: ptr(true), lookPath: installed},
		{name: "both", on: true, off: true, lookPath: installed, wantUsage: true},
		{name: "neither, no wizard", lookPath: installed},
		{name: "neither, yes", answer: ptr(true), lookPath: installed, wantAsked: true, wantServer: true},
		{name: "neither, no", answer: ptr(false), lookPath: installed, wantAsked: true},
		{name: "neither, no agent installed", answer: ptr(true), lookPath: none},
		{name: "neither, the question interrupted", answer: ptr(true), lookPath: installed, wantAsked: true, wantAskFail: true},
	} {
		asked := false
		var ask func() (bool, error)
		if tc.answer != nil {
			ask = func() (bool, error) {
				asked = true
				if tc.wantAskFail {
					return false, ErrInterrupted
				}
				return *tc.answer, nil
			}
		}
		s, err := SettleMCP(tc.on, tc.off, ask, ids, tc.lookPath, self)
		var ue *gateway.UsageError
		switch {
		case asked != tc.wantAsked:
			t.Errorf("%s: asked = %v, want %v", tc.name, asked, tc.wantAsked)
		case tc.wantUsage != errors.As(err, &ue):
			t.Errorf("%s: err = %v, want a usage error: %v", tc.name, err, tc.wantUsage)
		case tc.wantAskFail != errors.Is(err, ErrInterrupted):
			t.Errorf("%s: err = %v, want the question's error: %v", tc.name, err, tc.wantAskFail)
		case (s != nil) != tc.wantServer:
			t.Errorf("%s: server = %+v, want one: %v", tc.name, s, tc.wantServer)
		case s != nil && (s.Command != "/bin/keydoctor" || !slices.Equal(s.Args, []string{"mcp"})):
			t.Errorf("%s: server = %+v, want /bin/keydoctor mcp", tc.name, s)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestSelfServer: the entry names the binary's real path, not a link to
// it; a binary that cannot find itself is a failure with a hint.
func TestSelfServer(t *testing.T) {
	_, err := SelfServer(func() (string, error) { return "", errors.New("no /proc") })
	var se *stop.Error
	if !errors.As(err, &se) || se.Usage || se.Hint == "" {
		t.Errorf("SelfServer without its path: %v, want a failure with a hint", err)
	}
	dir := testutil.TempDir(t)
	bin := filepath.Join(dir, "keydoctor")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	testutil.Symlink(t, bin, link)
	want, _ := filepath.EvalSymlinks(bin)
	s, err := SelfServer(func() (string, error) { return link, nil })
	if err != nil || s.Command != want || !slices.Equal(s.Args, []string{"mcp"}) {
		t.Errorf("SelfServer via a link = %+v, %v; want %s mcp", s, err, want)
	}
}
