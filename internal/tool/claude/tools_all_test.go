package claude_test

// Every tool registered, as the program registers them.
import _ "github.com/keydoctor/keydoctor/internal/tool/all"
