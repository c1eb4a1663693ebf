package dotenv

import (
	"path/filepath"
)

// File is the project's .env.
func File(project string) string { return filepath.Join(project, ".env") }
