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
