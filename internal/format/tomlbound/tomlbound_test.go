package tomlbound

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

func tables(n int) string {
	var b strings.Builder
	b.WriteString("model = \"m\"\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "[projects.\"/home/u/p%d\"]\n", i)
	}
	return b.String()
}

func TestCheck(t *testing.T) {
	inline := "a = [" + strings.Repeat("{x = 1}, ", MaxEntries/2) + "]\n" // each {x = 1} is two entries
	tests := []struct {
		name, in  string
		line, col int // 0: accepted
	}{
		{"at the bound", tables(MaxEntries), 0, 0},
		{"tables", tables(300000), MaxEntries + 1, 2},
		{"dotted keys", strings.Repeat("a.k = 1\n", MaxEntries+5), MaxEntries + 1, 1},
		{"keys", strings.Repeat("k = 1\n", MaxEntries+5), MaxEntries + 1, 1},
		{"inline tables", inline, 1, 1},
		{"not TOML", "[a\n" + tables(MaxEntries+5), 0, 0}, // the decoder names the error
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check([]byte(tt.in))
			var e *Error
			if tt.line == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.As(err, &e) || e.Line != tt.line || e.Col != tt.col {
				t.Fatalf("err = %v, want a refusal at %d:%d", err, tt.line, tt.col)
			}
		})
	}
}

// BenchmarkDecodeTables is go-toml's decoder on config.toml files of 500,
// 5,000 (the bound) and 50,000 tables, each first checked: the last is
// refused by Check in linear time instead of decoded in quadratic.
func BenchmarkDecodeTables(b *testing.B) {
	for _, n := range []int{MaxEntries / 10, MaxEntries, 10 * MaxEntries} {
		doc := []byte(tables(n))
		b.Run(fmt.Sprintf("%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if Check(doc) != nil {
					continue
				}
				var m map[string]any
				if err := toml.Unmarshal(doc, &m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
