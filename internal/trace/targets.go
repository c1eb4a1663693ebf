package trace

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/stop"
)

// Targets completes the upstream and the expected models the caller gave
// (--upstream, --expect-model) from the profile, loaded by load only
// when one of them is missing: its base URL, and its model and
// background model. Its errors are *stop.Error or load's.
func Targets(upstream string, expect []string, load func() (gateway.Profile, error)) (string, []string, error) {
	if upstream != "" && len(expect) > 0 {
		return upstream, expect, nil
	}
	p, err := load()
	if err != nil {
		return "", nil, err
	}
	if upstream == "" {
		if p.BaseURL == "" {
			return "", nil, stop.Usage("pass --upstream URL (the gateway root), or set "+p.VarBaseURL, "no upstream gateway")
		}
		upstream = p.BaseURL
	}
	if len(expect) == 0 {
		for _, m := range []string{p.Model, p.BackgroundModel} {
			if m != "" {
				expect = append(expect, m)
			}
		}
	}
	return upstream, expect, nil
}
