package templates

import "testing"

func TestPresets(t *testing.T) {
	p, err := LookupPreset(DefaultPreset)
	if err != nil {
		t.Fatal(err)
	}
	if p.BaseURL != "https://taotoken.net/api" || p.Vars.BaseURL != "TAOTOKEN_BASE_URL" || p.Vars.APIKey != "TAOTOKEN_API_KEY" || p.Vars.Model != "TAOTOKEN_MODEL" {
		t.Errorf("taotoken preset = %+v", p)
	}
	for _, p := range Presets() {
		if p.Name == "" || p.Vars.BaseURL == "" || p.Vars.APIKey == "" || p.Vars.Model == "" {
			t.Errorf("preset %+v lacks a name or a variable", p)
		}
	}
	if Default().Name != DefaultPreset {
		t.Errorf("Default() = %+v", Default())
	}
	if _, err := LookupPreset("custom"); err != nil {
		t.Error(err)
	}
	if _, err := LookupPreset("nope"); err == nil {
		t.Error("an unknown preset must be refused")
	}
}
