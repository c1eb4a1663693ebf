package copilot

import "github.com/keydoctor/keydoctor/internal/tool"

// Sheet is what one range of Copilot CLI versions does with a provider
// (docs/tools.md, "GitHub Copilot CLI"): the check looks it up for the
// version installed.
type Sheet struct {
	// NeedsModel: with COPILOT_PROVIDER_BASE_URL set and COPILOT_MODEL
	// not, every turn stops ("BYOK providers require an explicit
	// model"); a model in ~/.copilot/settings.json does not count.
	NeedsModel bool
}

// Facts are the sheets by version, oldest first: 1.0.102 was run against
// keydoctor mock (2026-12-02, and again by the truth harness in session 5).
var Facts = tool.Facts[Sheet]{
	{Seen: []string{"1.0.102"}, Value: Sheet{NeedsModel: true}},
}
