package opencode

import "github.com/keydoctor/keydoctor/checks"

// ChecksOffline adds OpenCode's own checks at the layers stage (the
// format's: an undeclared model, an {env:VAR} naming an unset variable, a
// layer above the global config overriding it; docs/tools.md, "OpenCode").
func (impl) ChecksOffline(o checks.Options) []checks.Staged { return format.ChecksOffline(o) }
