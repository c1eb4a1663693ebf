package discover

import (
	"github.com/keydoctor/keydoctor/internal/env/envtest"
)

const testKey = "sk-test-0123456789abcdef0123"

// home writes files (relative to a temp home) and returns an Env whose
// variables are vars plus HOME.
var home = envtest.Home
