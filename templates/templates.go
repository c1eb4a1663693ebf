// Package templates holds keydoctor's embedded data: gateway presets and the
// file templates the writers start from.
package templates

import (
	"embed"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

//go:embed presets.yaml
var FS embed.FS

// Preset is one gateway preset.
type Preset struct {
	Name    string `yaml:"name"`
	Title   string `yaml:"title"`
	BaseURL string `yaml:"base_url"`
	// Roots are the roots of the API families (anthropic, openai,
	// gemini) the vendor serves under their own root; a family not named
	// is served at BaseURL.
	Roots        map[string]string `yaml:"roots"`
	Vars         Vars              `yaml:"vars"`
	DefaultModel string            `yaml:"default_model"`
	// Docs are the vendor's pages the roots and variables come from
	// (docs/tools.md, "Vendor presets").
	Docs []string `yaml:"docs"`
}

// Vars are the environment variable names that carry a preset's triple.
type Vars struct {
	BaseURL string `yaml:"base_url"`
	APIKey  string `yaml:"api_key"`
	Model   string `yaml:"model"`
}

// DefaultPreset is the preset used when none is named.
const DefaultPreset = "taotoken"

// CustomPreset is any gateway no preset describes: its base URL is given,
// its variables are neutral (GATEWAY_*), and it is named by its host.
const CustomPreset = "custom"

// Presets returns the embedded presets in file order.
func Presets() []Preset { return slices.Clone(presets()) }

// presets parses presets.yaml once: every profile load and discovery asks.
var presets = sync.OnceValue(func() []Preset {
	b, err := FS.ReadFile("presets.yaml")
	if err != nil {
		panic(err) // embedded: cannot fail unless the build is broken
	}
	var ps []Preset
	if err := yaml.Unmarshal(b, &ps); err != nil {
		panic(fmt.Sprintf("templates: presets.yaml: %v", err))
	}
	return ps
})

// Default is the default preset: its variables name the triple in examples
// and hints.
func Default() Preset {
	p, err := LookupPreset(DefaultPreset)
	if err != nil {
		panic(err) // embedded: cannot fail unless the build is broken
	}
	return p
}

// LookupPreset finds a preset by name.
func LookupPreset(name string) (Preset, error) {
	var names []string
	for _, p := range presets() {
		if p.Name == name {
			return p, nil
		}
		names = append(names, p.Name)
	}
	sort.Strings(names)
	return Preset{}, fmt.Errorf("unknown preset %q (known: %s)", name, strings.Join(names, ", "))
}
