package discover

import (
	"fmt"
	"strings"
	"testing"
)

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
				if len(TOMLLines(data)) < n {
					b.Fatal("keys missing")
				}
			}
		})
	}
}
