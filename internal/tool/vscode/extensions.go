package vscode

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
)

// ExtensionDirs are the folders VS Code installs extensions in:
// $VSCODE_EXTENSIONS, else ~/.vscode/extensions and the Insiders'
// ~/.vscode-insiders/extensions (the same on every OS).
func ExtensionDirs(e *env.Env) []string {
	if v := e.Getenv("VSCODE_EXTENSIONS"); v != "" {
		return []string{v}
	}
	return []string{filepath.Join(e.Home, ".vscode", "extensions"), filepath.Join(e.Home, ".vscode-insiders", "extensions")}
}
