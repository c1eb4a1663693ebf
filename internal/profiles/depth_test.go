package profiles

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
			home := t.TempDir()
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
