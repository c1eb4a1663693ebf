package kilo

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// VerifyRead is verify's Reader: Kilo's resolved triple, the provider id
// the turn's config content names, and the provider's wire rule.
func (impl) VerifyRead(s *discover.Snapshot, t tool.Tool) (verify.Configured, error) {
	return format.VerifyRead(s, t)
}

// VerifyRedirect is verify's Redirector: KILO_CONFIG_CONTENT, merged over
// every config file, changes only the provider's baseURL and enables that
// provider alone, so Kilo looks up no other (with the variables of
// Headless.Env, it contacts nothing but the relay).
func (impl) VerifyRedirect(r *verify.Redirect) error {
	return format.Redirect(r, map[string]any{EnabledProviders: []string{r.Configured.Provider}})
}
