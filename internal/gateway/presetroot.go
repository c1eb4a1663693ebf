package gateway

import "github.com/keydoctor/keydoctor/templates"

// PresetForRoot is the preset whose own gateway root is root, else
// templates.CustomPreset: a base URL that is not a preset's makes a custom
// profile (GATEWAY_* variables, named by its host), whatever the default
// preset is.
func PresetForRoot(root string) string {
	for _, pr := range templates.Presets() {
		if pr.BaseURL == "" {
			continue
		}
		if n, err := Normalize(pr.BaseURL); err == nil && n.Root == root {
			return pr.Name
		}
	}
	return templates.CustomPreset
}
