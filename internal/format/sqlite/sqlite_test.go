package sqlite

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

func open(t *testing.T, name string) *DB {
	t.Helper()
	db, err := Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("Open(%s): %v", name, err)
	}
	return db
}

func rows(t *testing.T, db *DB, table string) [][]any {
	t.Helper()
	r, err := db.Rows(table)
	if err != nil {
		t.Fatalf("Rows(%s): %v", table, err)
	}
	return r
}

func TestSerialTypes(t *testing.T) {
	db := open(t, "small.sqlite")
	if db.pageSize != 1024 {
		t.Errorf("page size %d, want 1024", db.pageSize)
	}
	want := [][]any{
		{nil, int64(0), int64(1)},
		{int64(-1), int64(127), int64(-128)},
		{int64(300), int64(-32768), int64(70000)},
		{int64(-8388608), int64(2147483647), int64(-2147483649)},
		{int64(140737488355327), int64(9223372036854775807), int64(-9223372036854775808)},
		{1.5, "text", []byte{0, 0xff}},
		{"", []byte{}, "héllo"},
	}
	if got := rows(t, db, "t"); !reflect.DeepEqual(got, want) {
		t.Errorf("rows:\n got %#v\nwant %#v", got, want)
	}
	if got := rows(t, db, "other"); !reflect.DeepEqual(got, [][]any{{"k", "v"}}) {
		t.Errorf("other: %#v", got)
	}
	if _, err := db.Rows("missing"); !errors.Is(err, ErrNoTable) {
		t.Errorf("Rows(missing) = %v, want ErrNoTable", err)
	}
	// An index is in the schema too, but it is not a table.
	if _, err := db.Rows("sqlite_autoindex_other_1"); !errors.Is(err, ErrNoTable) {
		t.Errorf("Rows(index) = %v, want ErrNoTable", err)
	}
}

func bigText() string {
	var b strings.Builder
	for i := 0; i <= 3999; i++ {
		fmt.Fprintf(&b, "%04d;", i)
	}
	return b.String()
}

func TestOverflow(t *testing.T) {
	for _, name := range []string{"overflow-1024.sqlite", "overflow-4096.sqlite"} {
		r := rows(t, open(t, name), "t")
		if len(r) != 2 || r[0][0] != "small" || r[1][0] != "big" {
			t.Fatalf("%s: rows %.80v", name, r)
		}
		if got := r[1][1].(string); got != bigText() {
			t.Errorf("%s: the 20 KB text reads %d bytes, want %d", name, len(got), len(bigText()))
		}
	}
}

func TestInteriorPages(t *testing.T) {
	db := open(t, "big.sqlite")
	root, err := db.rootPage("t")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := db.page(root); p[0] != tableInterior {
		t.Fatalf("root page type %#x: the fixture has no interior page", p[0])
	}
	r := rows(t, db, "t")
	if len(r) != 3000 {
		t.Fatalf("%d rows, want 3000", len(r))
	}
	for i, row := range r {
		if row[0] != int64(i+1) || row[1] != fmt.Sprintf("row %d", i+1) {
			t.Fatalf("row %d = %v", i, row)
		}
	}
}

func TestWALCommittedOnly(t *testing.T) {
	want := [][]any{{int64(1), "in the main file"}, {int64(2), "committed in the WAL"}}
	if got := rows(t, open(t, "wal.sqlite"), "t"); !reflect.DeepEqual(got, want) {
		t.Errorf("rows %v, want %v", got, want)
	}
	// Without its WAL the file holds the first row only.
	main, err := os.ReadFile(filepath.Join("testdata", "wal.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	db, err := Parse(main, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rows(t, db, "t"); !reflect.DeepEqual(got, want[:1]) {
		t.Errorf("without the WAL: %v", got)
	}
	// A frame whose checksum fails ends the log: what follows is not read.
	wal, err := os.ReadFile(filepath.Join("testdata", "wal.sqlite-wal"))
	if err != nil {
		t.Fatal(err)
	}
	wal[32+24+500] ^= 1
	if db, err = Parse(main, wal); err != nil {
		t.Fatal(err)
	}
	if got := rows(t, db, "t"); !reflect.DeepEqual(got, want[:1]) {
		t.Errorf("with a torn first frame: %v", got)
	}
}

func TestWALNotWritten(t *testing.T) {
	dir := testutil.TempDir(t)
	for _, n := range []string{"wal.sqlite", "wal.sqlite-wal"} {
		b, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Open(filepath.Join(dir, "wal.sqlite")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "wal.sqlite-shm")); err == nil {
		t.Error("Open created a -shm file")
	}
}

func TestMalformed(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("testdata", "big.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	mut := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	root := func() int { db, _ := Parse(good, nil); n, _ := db.rootPage("t"); return n }()
	off := (root - 1) * 1024
	for name, b := range map[string][]byte{
		"empty":          nil,
		"not sqlite":     []byte(strings.Repeat("x", 200)),
		"page size 3000": mut(func(b []byte) []byte { b[16], b[17] = 0x0b, 0xb8; return b }),
		"reserved 255":   mut(func(b []byte) []byte { b[16], b[17], b[20] = 2, 0, 255; return b }),
		"truncated":      good[:2000],
		"bad page type":  mut(func(b []byte) []byte { b[off] = 0x07; return b }),
		// The right-most child of the root pointing back at the root.
		"cycle": mut(func(b []byte) []byte {
			b[off+8], b[off+9], b[off+10], b[off+11] = 0, 0, byte(root>>8), byte(root)
			return b
		}),
		"cell count": mut(func(b []byte) []byte { b[off+3], b[off+4] = 0xff, 0xff; return b }),
	} {
		db, err := Parse(b, nil)
		if err == nil {
			_, err = db.Rows("t")
		}
		if !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: err = %v, want ErrMalformed", name, err)
		}
	}
}

func TestVarint(t *testing.T) {
	for _, c := range []struct {
		b []byte
		v int64
		n int
	}{
		{[]byte{0x7f}, 127, 1},
		{[]byte{0x81, 0x00}, 128, 2},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, -1, 9},
		{[]byte{0x81}, 0, 0},
		{nil, 0, 0},
	} {
		if v, n := varint(c.b); v != c.v || n != c.n {
			t.Errorf("varint(%x) = %d, %d; want %d, %d", c.b, v, n, c.v, c.n)
		}
	}
}
