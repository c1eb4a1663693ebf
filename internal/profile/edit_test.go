package profile

import (
	"errors"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TestEditApply: only the fields given change; a new profile's preset
// follows its base URL; a key where a variable name belongs is refused
// without being echoed.
func TestEditApply(t *testing.T) {
	for _, tc := range []struct {
		name   string
		old    Profile
		edit   Edit
		create bool
		want   Profile
		err    string
	}{
		{"new, preset's root", Profile{}, Edit{BaseURL: "https://taotoken.net/api/v1", Model: "m"}, true,
			Profile{Preset: "taotoken", BaseURL: "https://taotoken.net/api", Model: "m"}, ""},
		{"new, other root", Profile{}, Edit{BaseURL: "https://gw.example.com/api/v1/chat/completions"}, true,
			Profile{Preset: "custom", BaseURL: "https://gw.example.com/api"}, ""},
		{"new, nothing", Profile{}, Edit{}, true, Profile{Preset: "taotoken"}, ""},
		{"set keeps what is not given", Profile{Preset: "custom", BaseURL: "https://a.example", Model: "m", BackgroundModel: "b"},
			Edit{KeyEnv: "WORK_KEY"}, false, Profile{Preset: "custom", BaseURL: "https://a.example", Model: "m", BackgroundModel: "b", KeyEnv: "WORK_KEY"}, ""},
		{"unknown preset", Profile{}, Edit{Preset: "nope"}, true, Profile{}, "nope"},
		{"bad URL", Profile{}, Edit{BaseURL: "ftp://x"}, true, Profile{}, "--base-url: "},
		{"a key as --key-env", Profile{}, Edit{KeyEnv: testKey}, false, Profile{}, "--key-env takes a variable name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.old
			err := tc.edit.Apply(&p, tc.create)
			if tc.err != "" {
				var ue *gateway.UsageError
				if !errors.As(err, &ue) || !strings.Contains(ue.Msg, tc.err) || strings.Contains(ue.Msg, testKey) {
					t.Fatalf("err = %v, want a usage error with %q (key absent)", err, tc.err)
				}
				return
			}
			if err != nil || !p.Equal(tc.want) {
				t.Fatalf("Apply = %+v, %v; want %+v", p, err, tc.want)
			}
		})
	}
}

// TestChangedText: profile add and set say the gateway with its own
// roots, the model ("-" for none) and where the key is, masked.
func TestChangedText(t *testing.T) {
	e := testEnv(t, map[string]string{"WORK_KEY": testKey})
	st, err := Open(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p      Profile
		create bool
		want   string
	}{
		{Profile{Name: "work", Preset: "custom", BaseURL: "https://gw.example.com/api", Model: "gpt-5", KeyEnv: "WORK_KEY"}, true,
			"added profile work: https://gw.example.com/api, model gpt-5, key $WORK_KEY (sk-t****0123)"},
		{Profile{Name: "ds", Preset: "custom", BaseURL: "https://api.deepseek.com", Roots: map[string]string{"anthropic": "https://api.deepseek.com/anthropic"}}, false,
			"updated profile ds: https://api.deepseek.com (anthropic https://api.deepseek.com/anthropic), model -, key none"},
		{Profile{Name: "home", Preset: "custom", BaseURL: "https://h.example/api", Model: "m", KeyEnv: "HOME_KEY"}, false,
			"updated profile home: https://h.example/api, model m, key $HOME_KEY (not set)"},
	} {
		got := st.ChangedText(e, tc.p, tc.create)
		if got != tc.want {
			t.Errorf("ChangedText(%s) =\n %q\nwant\n %q", tc.p.Name, got, tc.want)
		}
		if strings.Contains(got, testKey) {
			t.Errorf("ChangedText(%s) shows the key", tc.p.Name)
		}
	}
}
