package toolversion

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool"
)

func writeFile(t *testing.T, path, body string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), mode); err != nil {
		t.Fatal(err)
	}
}

func TestExtensionNewest(t *testing.T) {
	home := testutil.TempDir(t)
	ext := filepath.Join(home, ".vscode", "extensions")
	for dir, body := range map[string]string{
		"saoudrizwan.claude-dev-3.38.2": `{"name": "claude-dev", "publisher": "saoudrizwan", "version": "3.38.2"}`,
		"saoudrizwan.claude-dev-3.9.0":  `{"name": "claude-dev", "publisher": "saoudrizwan", "version": "3.9.0"}`,
		// Not Cline's: another publisher's manifest in a look-alike directory.
		"saoudrizwan.claude-dev-9.9.9": `{"name": "claude-dev", "publisher": "someone", "version": "9.9.9"}`,
	} {
		writeFile(t, filepath.Join(ext, dir, "package.json"), body, 0o644)
	}
	f, ok := Extension([]string{filepath.Join(home, "elsewhere"), ext}, "saoudrizwan.claude-dev")
	if !ok || f.Version != "3.38.2" || f.Via != ViaExtension || f.Manifest != filepath.Join(ext, "saoudrizwan.claude-dev-3.38.2", "package.json") {
		t.Fatalf("Extension = %+v, %v", f, ok)
	}
	// Only the folders given are read.
	if f, ok := Extension([]string{filepath.Join(home, "elsewhere")}, "saoudrizwan.claude-dev"); ok {
		t.Errorf("Extension read a folder it was not given: %+v", f)
	}
}

func TestOfNativeInstall(t *testing.T) {
	// Claude Code's native installer: ~/.local/bin/claude links to
	// ~/.local/share/claude/versions/2.1.332, a binary with no package.json.
	home := testutil.TempDir(t)
	target := filepath.Join(home, ".local", "share", "claude", "versions", "2.1.332")
	writeFile(t, target, "#!/bin/sh\nexit 1\n", 0o755)
	bin := filepath.Join(home, ".local", "bin")
	os.MkdirAll(bin, 0o755)
	testutil.Symlink(t, target, filepath.Join(bin, "claude"))
	desc := tool.Tool{Tool: gateway.Tool{ID: "claude"}, Binary: "claude", Package: "@anthropic-ai/claude-code"}
	f, ok := Of(context.Background(), envFor(home, map[string]string{"PATH": bin}), desc)
	if !ok || f.Version != "2.1.332" || f.Via != ViaInstall {
		t.Fatalf("Of = %+v, %v", f, ok)
	}
}

func TestOfVersionCommand(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands for the tool")
	}
	for name, tt := range map[string]struct {
		out  string
		want string
	}{
		"codex's line":   {`echo "codex-cli 0.171.0"`, "0.171.0"},
		"claude's line":  {`echo "2.1.197 (Claude Code)"`, "2.1.197"},
		"a prerelease":   {`echo "1.2.3-beta.4"`, "1.2.3-beta.4"},
		"no version":     {`echo "usage: tool [options]"`, ""},
		"a failing run":  {`echo 1.0.0; exit 3`, ""},
		"control bytes":  {`printf '\033[2J9.9.9\033[0m\n'`, "9.9.9"},
		"only two parts": {`echo "v12.4"`, ""},
	} {
		t.Run(name, func(t *testing.T) {
			dir := testutil.TempDir(t)
			writeFile(t, filepath.Join(dir, "tool"), "#!/bin/sh\n"+tt.out+"\n", 0o755)
			desc := tool.Tool{Tool: gateway.Tool{ID: "t"}, Binary: "tool", Package: "@x/tool"}
			f, ok := Of(context.Background(), envFor(dir, map[string]string{"PATH": dir}), desc)
			if f.Version != tt.want || ok != (tt.want != "") {
				t.Fatalf("Of = %+v, %v; want %q", f, ok, tt.want)
			}
			if ok && (f.Via != ViaCommand || f.Command != filepath.Join(dir, "tool")) {
				t.Errorf("Of = %+v", f)
			}
		})
	}
}

func TestOfVersionCommandDeadline(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands for the tool")
	}
	// A tool that never answers is cut off by the context, not waited for.
	dir := testutil.TempDir(t)
	writeFile(t, filepath.Join(dir, "tool"), "#!/bin/sh\nexec sleep 60\n", 0o755)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	desc := tool.Tool{Tool: gateway.Tool{ID: "t"}, Binary: "tool"}
	if f, ok := Of(ctx, envFor(dir, map[string]string{"PATH": dir}), desc); ok {
		t.Fatalf("Of = %+v from a run cut off", f)
	}
}

func TestOfNothingInstalled(t *testing.T) {
	home := testutil.TempDir(t)
	desc := tool.Tool{Tool: gateway.Tool{ID: "qwen"}, Binary: "qwen", Package: qwen}
	if f, ok := Of(context.Background(), envFor(home, map[string]string{"PATH": filepath.Join(home, "bin")}), desc); ok {
		t.Fatalf("Of = %+v in an empty home", f)
	}
}

func TestCompare(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"2.1.332", "2.1.197", 1}, {"0.15.10", "0.15.9", 1}, {"1.0.0", "1.0.0", 0},
		{"1.0.0-beta.1", "1.0.0", -1}, {"junk", "0.0.1", -1},
	} {
		if got := Compare(tt.a, tt.b); got != tt.want {
			t.Errorf("Compare(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
