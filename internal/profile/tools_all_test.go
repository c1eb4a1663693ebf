package profile_test

// The real tools, registered as the program registers them. An external
// test package, so that it links them without an import cycle once a tool
// package imports this one: the internal tests see the registry too.
import _ "github.com/keydoctor/keydoctor/internal/tool/all"
