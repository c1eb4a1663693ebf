package discover

import (
	"fmt"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/tomlbound"
)

// A config.toml of 300,000 tables (4 MB) took go-toml's decoder over a
// minute; it is refused in one pass, at the table over the bound.
func TestCodexConfigOfTooManyTables(t *testing.T) {
	var b strings.Builder
	b.WriteString("model = \"gpt-5\"\n")
	for i := 0; i < 300000; i++ {
		fmt.Fprintf(&b, "[projects.\"/home/u/p%d\"]\n", i)
	}
	e, dir := home(t, map[string]string{".codex/config.toml": b.String()}, nil)
	s := Discover(e, Options{Project: dir})
	ps := s.ProblemsIn(s.Codex.ConfigPath)
	if len(ps) != 1 || ps[0].Line != tomlbound.MaxEntries+1 || !strings.Contains(ps[0].Message, "more than 5000 keys and tables") {
		t.Fatalf("problems %+v, want one at line %d", ps, tomlbound.MaxEntries+1)
	}
}

// BenchmarkTOMLLines indexes the key lines of config.toml files of 1,000,
// 10,000 and 100,000 tables: linear (it counted lines from the start for
// every key).
func BenchmarkTOMLLines(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		var doc strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&doc, "[projects.\"/home/u/p%d\"]\ntrust_level = \"trusted\"\n", i)
		}
		data := []byte(doc.String())
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if len(tomlLines(data)) < n {
					b.Fatal("keys missing")
				}
			}
		})
	}
}
