package tool

import (
	"path/filepath"
)

// DotEnvFile is the project's .env.
func DotEnvFile(project string) string { return filepath.Join(project, ".env") }
