package opencode

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// VerifyRead is verify's Reader: OpenCode's resolved triple plus the
// provider id the turn's config content must name.
func (impl) VerifyRead(s *discover.Snapshot, t tool.Tool) (verify.Configured, error) {
	return format.VerifyRead(s, t)
}

// VerifyRedirect is verify's Redirector: it sets the variable whose config
// content OpenCode merges over every config file: only the provider's
// baseURL changes, so the key, the model and its declaration stay the
// user's.
func (impl) VerifyRedirect(r *verify.Redirect) error { return format.VerifyRedirect(r) }
