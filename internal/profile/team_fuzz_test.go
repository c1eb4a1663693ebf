package profile

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"testing"
	"unicode"
)

// FuzzTeamFile: any bytes in a repository's keydoctor.yaml are either
// refused or a team whose key_env passes the rule; what the hint and the
// wizard show of it is printable (no line break, no escape sequence).
func FuzzTeamFile(f *testing.F) {
	for _, s := range []string{
		"base_url: https://gw.example.com/api\nmodel: gpt-5\nkey_env: GW_KEY\n",
		"key_env: AWS_SECRET_ACCESS_KEY\n",
		"preset: taotoken\ntools: [claude, codex]\ngoals: 'ttft.p90<800ms'\n",
		"base_url: https://api.deepseek.com\nroots: {anthropic: https://api.deepseek.com/anthropic}\nkey_env: DEEPSEEK_API_KEY\n",
		"preset: deepseek\nroots:\n  anthropic: https://evil.example/anthropic\n", "roots: {cobol: https://h}\n",
		"base_url: [1, 2]\n", "- a\n- b\n", "key_env: sk-test-0123456789abcdef0123\n", "", "base_url: \"http://h\\nx\"\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		found := &Found{Path: "/repo/" + TeamFile, Content: b}
		host, model, keyEnv := found.Shown()
		for _, v := range []string{host, model, keyEnv} {
			if strings.IndexFunc(v, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
				t.Fatalf("%q is shown raw", v)
			}
		}
		tm, err := found.Team()
		if err != nil {
			return
		}
		if err := CheckKeyEnv(tm.KeyEnv); err != nil {
			t.Fatalf("accepted a team with key_env %q: %v", tm.KeyEnv, err)
		}
		base := Profile{Preset: tm.Preset, BaseURL: tm.BaseURL}.Root()
		for f, r := range (Profile{Roots: tm.Roots, BaseURL: base}).OwnRoots() {
			if !gateway.SameGateway(r, base) {
				t.Fatalf("accepted a team whose %s root %s is not on %s", f, r, base)
			}
		}
	})
}

// FuzzCheckKeyEnv: an accepted name ends in KEY, TOKEN or APIKEY and has
// no word of a well-known non-gateway credential.
func FuzzCheckKeyEnv(f *testing.F) {
	for _, s := range []string{"GATEWAY_API_KEY", "AWS_SECRET_ACCESS_KEY", "GH_TOKEN", "HOME", "a_key", "_KEY", "KEY_", "__"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if CheckKeyEnv(name) != nil || name == "" {
			return
		}
		words := strings.Split(strings.ToUpper(name), "_")
		if last := words[len(words)-1]; last != "KEY" && last != "TOKEN" && last != "APIKEY" {
			t.Fatalf("accepted %q", name)
		}
		for _, w := range words {
			if _, bad := notKeyWords[w]; bad {
				t.Fatalf("accepted %q with %s", name, w)
			}
		}
	})
}
