package profile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// A profiles.yaml or keydoctor.yaml nested far too deep, or a billion
// laughs of aliases, is refused as a file that does not parse: the YAML
// decoder bounds depth (10,000) and alias expansion itself.
func TestHostileYAMLIsRefused(t *testing.T) {
	deep := "profiles: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n"
	var laughs strings.Builder
	laughs.WriteString("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	for i := 'b'; i <= 'i'; i++ {
		p := string(i - 1)
		laughs.WriteString(string(i) + ": &" + string(i) + " [*" + p + ",*" + p + ",*" + p + ",*" + p + ",*" + p + ",*" + p + ",*" + p + ",*" + p + ",*" + p + "]\n")
	}
	laughs.WriteString("profiles: {x: {base_url: *i}}\n")
	for name, body := range map[string]string{"deep": deep, "laughs": laughs.String()} {
		t.Run(name, func(t *testing.T) {
			home := testutil.TempDir(t)
			e := env.FromMap(map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config")})
			if err := os.MkdirAll(e.KeydoctorDir(), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(Path(e), []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
			var ue *gateway.UsageError
			if _, err := Open(e); !errors.As(err, &ue) {
				t.Fatalf("Open = %v, want a usage error", err)
			}
			team := filepath.Join(home, TeamFile)
			if err := os.WriteFile(team, []byte(strings.Replace(body, "profiles:", "base_url:", 1)), 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadTeam(team); !errors.As(err, &ue) {
				t.Fatalf("ReadTeam = %v, want a usage error", err)
			}
		})
	}
}

func storeOf(n int, aliased bool) string {
	var b strings.Builder
	b.WriteString("default: p0\nprofiles:\n  p0: &p {base_url: \"https://gw.example/api\", model: m, key_env: TAOTOKEN_API_KEY}\n")
	for i := 1; i < n; i++ {
		if aliased {
			fmt.Fprintf(&b, "  p%d: *p\n", i)
		} else {
			fmt.Fprintf(&b, "  p%d: {base_url: \"https://gw%d.example/api\", model: m%d, key_env: TAOTOKEN_API_KEY}\n", i, i, i)
		}
	}
	return b.String()
}

func openStore(t testing.TB, body string) (*Store, error) {
	home := testutil.TempDir(t)
	e := env.FromMap(map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config")})
	if err := os.MkdirAll(e.KeydoctorDir(), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(Path(e), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return Open(e)
}

// A store of 8,000 profiles took 2 s to open, 100,000 aliased ones over a
// minute: more than MaxProfiles is refused before the quadratic decoder.
func TestStoreOfTooManyProfiles(t *testing.T) {
	if s, err := openStore(t, storeOf(MaxProfiles, true)); err != nil || len(s.Names()) != MaxProfiles {
		t.Fatalf("a store at the bound: %v", err)
	}
	for _, tt := range []struct {
		n       int
		aliased bool
	}{{8000, false}, {100000, true}} {
		_, err := openStore(t, storeOf(tt.n, tt.aliased))
		var ue *gateway.UsageError
		if !errors.As(err, &ue) || !strings.Contains(ue.Msg, fmt.Sprintf("holds %d profiles; keydoctor keeps up to 1000", tt.n)) {
			t.Fatalf("%d profiles: %v", tt.n, err)
		}
	}
}

// BenchmarkOpenStore opens stores of 100, 1,000 (the bound) and 10,000
// profiles (refused).
func BenchmarkOpenStore(b *testing.B) {
	for _, n := range []int{MaxProfiles / 10, MaxProfiles, 10 * MaxProfiles} {
		body := storeOf(n, false)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				openStore(b, body)
			}
		})
	}
}
