package copilot

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// VerifyRead is verify's Reader: the resolved provider, and the block's
// variables a turn started from this shell would lack (the block not
// loaded yet), which the turn is then given.
func (impl) VerifyRead(s *discover.Snapshot, t tool.Tool) (verify.Configured, error) {
	c, err := verify.FromOwn(s, t)
	if err != nil {
		return c, err
	}
	st := StateOf(s)
	if found, ok := s.Tool(string(ID)); ok && found.Rule != t.Tool {
		r := found.Rule // an anthropic provider, the Responses API
		c.Rule = &r
	}
	var missing []string
	for _, name := range vars {
		if v, ok := st.InBlock[name]; ok && !s.Shell(name).Set() && name != BaseURL {
			missing = append(missing, name+"="+v.Value)
		}
	}
	if len(missing) > 0 {
		c.Notes = append(c.Notes, "this shell has not loaded "+s.Env.Tilde(st.Profile)+": the turn is given its block's variables")
	}
	c.Own = missing
	return c, nil
}

// VerifyRedirect is verify's Redirector: the relay as the provider's base
// URL, offline (no GitHub sign-in, telemetry or update check), with the
// block's variables this shell lacks.
func (impl) VerifyRedirect(r *verify.Redirect) error {
	h, inv := r.Headless, r.Inv
	inv.Env = append(inv.Env, h.BaseEnv+"="+r.RelayBase)
	inv.Env = append(inv.Env, h.Env...)
	if missing, ok := r.Configured.Own.([]string); ok {
		inv.Env = append(inv.Env, missing...)
	}
	return nil
}
