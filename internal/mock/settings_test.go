package mock

import (
	"slices"
	"testing"
)

// TestSettle: the key comes from --key, else --key-env's variable, else
// the default; only the public default key is shown whole.
func TestSettle(t *testing.T) {
	const chosen = "sk-mock-chosen-0000000000000000" // an obvious fake
	getenv := func(n string) string { return map[string]string{"MOCK_KEY": chosen}[n] }
	for _, tc := range []struct {
		key, keyEnv, wantKey, wantShown string
	}{
		{"", "", DefaultKey, DefaultKey},
		{"", "MOCK_KEY", chosen, `"$MOCK_KEY"`},
		{chosen, "", chosen, ""},
	} {
		o := Options{Scenario: OK}
		shown, err := Settle(&o, tc.key, tc.keyEnv, getenv)
		if err != nil || o.Key != tc.wantKey || shown != tc.wantShown {
			t.Errorf("Settle(%q, %q) = %q, %v (key ok: %v)", tc.key, tc.keyEnv, shown, err, o.Key == tc.wantKey)
		}
	}
	for _, tc := range []struct{ scenario, key, keyEnv string }{
		{"no-such-scenario", "", ""}, {OK, chosen, "MOCK_KEY"}, {OK, "", "UNSET"},
	} {
		o := Options{Scenario: tc.scenario}
		if _, err := Settle(&o, tc.key, tc.keyEnv, getenv); err == nil {
			t.Errorf("Settle(%+v): want an error", tc)
		}
	}
}

func TestModelList(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{" , ,", nil},
		{"gpt-4o", []string{"gpt-4o"}},
		{"gpt-4o, claude-x ,,m", []string{"gpt-4o", "claude-x", "m"}},
	} {
		if got := ModelList(c.in); !slices.Equal(got, c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("ModelList(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
