package verify

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
)

// upstreamBase is the base URL the tool is relayed to for --upstream
// raw. A vendor that serves each API family under its own root
// (DeepSeek: Anthropic at …/anthropic, OpenAI at the bare host) is named
// by any one of its roots: when raw is one of the profile's roots (its
// base URL or a family's) or of a preset's, the tool gets the root of
// the family it speaks, as setup writes it; any other root is taken as
// it is.
func upstreamBase(desc tool.Tool, raw string, roots gateway.Profile) (string, error) {
	n, err := gateway.Normalize(raw)
	if err != nil {
		return "", err
	}
	for _, p := range append([]gateway.Profile{roots}, presetRoots()...) {
		if p.HasRoots() && servesRoot(p, n.Root) {
			return desc.BaseFor(p), nil
		}
	}
	return desc.Base(n.Root), nil
}

// servesRoot says root is p's base URL or one of its families' roots.
func servesRoot(p gateway.Profile, root string) bool {
	if p.BaseURL == root {
		return true
	}
	for _, r := range p.Roots {
		if r == root {
			return true
		}
	}
	return false
}

// presetRoots are the presets that serve some family under its own root,
// normalised as profiles are.
func presetRoots() []gateway.Profile {
	var out []gateway.Profile
	for _, pr := range templates.Presets() {
		if len(pr.Roots) == 0 || pr.BaseURL == "" {
			continue
		}
		base, err := gateway.Normalize(pr.BaseURL)
		if err != nil {
			continue
		}
		roots, _, err := gateway.NormalizeRoots(pr.Roots)
		if err != nil {
			continue
		}
		out = append(out, gateway.Profile{BaseURL: base.Root, Roots: roots})
	}
	return out
}
