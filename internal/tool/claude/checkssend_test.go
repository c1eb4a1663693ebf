package claude_test

import (
	"testing"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
)

// TestShadowedProfileKey: which shadowed key is the profile's, from the
// profile the user gave or else the stored profiles.
func TestShadowedProfileKey(t *testing.T) {
	const good, stale = "sk-test-0123456789abcdef0123", "sk-old-0123456789abcdef99999"
	local := discover.Value{Value: stale, Source: discover.Source{File: "/p/.claude/settings.local.json", Line: 3, Key: "env.ANTHROPIC_AUTH_TOKEN"}}
	user := discover.Value{Value: good, Source: discover.Source{File: "/h/.claude/settings.json", Line: 4, Key: "env.ANTHROPIC_AUTH_TOKEN"}}
	winner := local
	winner.Overrides = []discover.Value{user}
	given := gateway.Profile{BaseURL: "https://gw.example/api", Key: good, Sources: map[gateway.Field]string{gateway.FieldKey: "TAOTOKEN_API_KEY"}}
	preset := gateway.Profile{BaseURL: "https://gw.example/api", Key: "", Sources: map[gateway.Field]string{}}
	stored := &checks.ProfileSet{Resolved: []profile.Resolved{{Root: "https://gw.example/api", Key: good}}}
	tests := []struct {
		name     string
		key      discover.Value
		profile  gateway.Profile
		set      *checks.ProfileSet
		want     bool
		wantRoot string
	}{
		{"the given profile's key shadowed", winner, given, nil, true, "https://gw.example/api"},
		{"a stored profile's key shadowed, no key given", winner, preset, stored, true, "https://gw.example/api"},
		{"the winner is a stored profile's key: a deliberate switch", winner, preset, &checks.ProfileSet{Resolved: []profile.Resolved{{Key: good}, {Key: stale}}}, false, ""},
		{"no profile key known", winner, preset, nil, false, ""},
		{"the given key wins", user, given, nil, false, ""},
		{"the given key is nowhere beneath", local, given, nil, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, root, ok := claude.ShadowedProfileKey(&discover.Snapshot{}, tt.profile, tt.set, discover.Tool{Key: tt.key})
			if ok != tt.want || root != tt.wantRoot || (ok && v.Value != good) {
				t.Errorf("got %q %q %v, want root %q %v", v.Value, root, ok, tt.wantRoot, tt.want)
			}
		})
	}
}
