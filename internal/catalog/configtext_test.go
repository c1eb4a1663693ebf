package catalog

import "testing"

func TestEveryConfigCodeIsExplained(t *testing.T) {
	for _, e := range All() {
		if e.Stage != Config {
			continue
		}
		if len(e.Causes) == 0 || e.Fix == "" {
			t.Errorf("%s has no causes or fix", e.Code)
		}
		if got, _ := Lookup(e.Code); len(got.Causes) != len(e.Causes) {
			t.Errorf("%s: Lookup and All disagree", e.Code)
		}
	}
	for code := range configText {
		if _, ok := Lookup(code); !ok {
			t.Errorf("configText names unknown code %s", code)
		}
	}
}
