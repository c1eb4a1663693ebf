package vscode_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// The extension's version is read in ~/.vscode/extensions, or only in
// $VSCODE_EXTENSIONS when that moves the folder.
func TestExtensionVersion(t *testing.T) {
	home := testutil.TempDir(t)
	dir := filepath.Join(home, ".vscode", "extensions", vscode.Extension+"-3.38.2")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	manifest := `{"name": "claude-dev", "publisher": "saoudrizwan", "version": "3.38.2"}`
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	if f, ok := toolversion.Of(context.Background(), env.FromMap(map[string]string{"HOME": home}), vscode.Tool); !ok || f.Version != "3.38.2" {
		t.Errorf("Of = %+v, %v; want 3.38.2 from ~/.vscode/extensions", f, ok)
	}
	moved := env.FromMap(map[string]string{"HOME": home, "VSCODE_EXTENSIONS": filepath.Join(home, "elsewhere")})
	if f, ok := toolversion.Of(context.Background(), moved, vscode.Tool); ok {
		t.Errorf("Of read ~/.vscode with VSCODE_EXTENSIONS set: %+v", f)
	}
}
