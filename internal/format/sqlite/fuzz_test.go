package sqlite

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds a database and a WAL: any bytes give rows or an error,
// never a panic or a hang. The seeds are the small fixtures (the fuzzer
// minimizes each new input, which is slow on the 20 KB ones).
func FuzzParse(f *testing.F) {
	for _, n := range []string{"small.sqlite", "wal.sqlite"} {
		main, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			f.Fatal(err)
		}
		wal, _ := os.ReadFile(filepath.Join("testdata", n+"-wal"))
		f.Add(main, wal)
	}
	f.Fuzz(func(t *testing.T, main, wal []byte) {
		db, err := Parse(main, wal)
		if err != nil {
			return
		}
		_, _ = db.Rows("t")
		_, _ = db.Columns("t")
	})
}
