package providerjson

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
)

// TestLayersAtVersion: a version whose layers after the global config
// are merged over it takes the project's model and base URL; one whose
// facts say they are not (made up here: OpenCode 1.18.33 and Kilo 7.7.7,
// the versions observed, both merge) keeps the global config's.
func TestLayersAtVersion(t *testing.T) {
	const config = "/home/u/.config/opencode/opencode.json"
	val := func(v, file string) discover.Value {
		return discover.Value{Value: v, Source: discover.Source{File: file}}
	}
	o := State{Layers: []Layer{
		{Role: "global-legacy", Path: "/home/u/.config/opencode/config.json"},
		{Role: "config", Path: config, Model: val("gw/gpt-4o", config),
			Providers: map[string]Provider{"gw": {BaseURL: val("https://gw.example/api/v1", config), Models: []string{"gpt-4o"}}}},
		{Role: "project", Path: "/p/opencode.json", Model: val("gw/gpt-4o-mini", "/p/opencode.json"),
			Providers: map[string]Provider{"gw": {BaseURL: val("https://other.example/v1", "/p/opencode.json"), Models: []string{"gpt-4o-mini"}}}},
	}}
	for _, tt := range []struct {
		name        string
		sheet       Sheet
		model, base string
		layers      int
	}{
		{"layers override", Sheet{LayersOverride: true}, "gw/gpt-4o-mini", "https://other.example/v1", 3},
		{"the global config alone", Sheet{LayersOverride: false}, "gw/gpt-4o", "https://gw.example/api/v1", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			at := o.At(tt.sheet, config)
			model, _, _, p := at.Effective()
			if len(at.Layers) != tt.layers || model.Value != tt.model || p.BaseURL.Value != tt.base {
				t.Errorf("%d layers, model %q base %q; want %d, %q, %q", len(at.Layers), model.Value, p.BaseURL.Value, tt.layers, tt.model, tt.base)
			}
		})
	}
	if len(o.Layers) != 3 {
		t.Error("At changed the state it was given")
	}
}
