package vscode_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"
)

// fakeKey is an obvious fake; no finding may carry it.
const fakeKey = "sk-test-vscode-0123456789"

// TestLegacyMCPByVersion: an MCP server in the editor's own Cline file is
// read by 3.x; 4.x reads only the shared ~/.cline file (its servers were
// copied there once), so one missing there is reported.
func TestLegacyMCPByVersion(t *testing.T) {
	server := `{"mcpServers": {"gw": {"command": "npx", "args": ["-y", "gw-mcp"], "env": {"BASE_URL": "https://gw.example/api", "API_KEY": "` + fakeKey + `"}}}}`
	for _, tt := range []struct {
		name, version, shared, want string
	}{
		{"4.1.13 reads only the shared file", "4.1.13", "", "holds the MCP server gw, which the Cline extension 4.1.13 does not read: it reads " + filepath.FromSlash("~/.cline/data/settings/cline_mcp_settings.json")},
		{"4.0.0 too", "4.0.0", "", "the Cline extension 4.0.0 does not read"},
		{"none detected: not judged", "", "", ""},
		{"3.89.2 reads the editor's file", "3.89.2", "", ""},
		{"the shared file has it", "4.1.13", server, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			home := testutil.TempDir(t)
			e := env.FromMap(map[string]string{"HOME": home})
			e.GOOS = "linux"
			write := func(path, body string) {
				if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			write(vscode.Editors(e)[0].ClineMCP(), server)
			if tt.shared != "" {
				write(cline.CLIMCP(e), tt.shared)
			}
			got := tooltest.Messages(tooltest.Findings(t, e, home, vscode.Tool, tt.version, fakeKey),
				func(f doctor.Finding) bool { return f.Code == catalog.ConfigIgnored })
			if tt.want == "" && len(got) > 0 || tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)) {
				t.Errorf("want %q, got %q", tt.want, got)
			}
		})
	}
	if got := vscode.Facts.Newest(); got != vscode.Observed {
		t.Errorf("Facts' newest %q, Observed %q", got, vscode.Observed)
	}
}
