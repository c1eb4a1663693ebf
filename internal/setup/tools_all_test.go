package setup_test

// The real tools, registered as the program registers them (see
// internal/plan/tools_all_test.go): the internal tests see them too.
import _ "github.com/keydoctor/keydoctor/internal/tool/all"
