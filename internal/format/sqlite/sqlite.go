// Package sqlite reads tables of an SQLite 3 database file, read-only and
// without cgo or a dependency: the file format of
// https://www.sqlite.org/fileformat2.html (header, table b-trees,
// overflow pages, records) and the committed frames of its write-ahead
// log (https://www.sqlite.org/walformat.html). It never writes, never
// locks and never creates a -shm file, so a database in use is read as of
// its last commit, as another reader would see it without the shm index.
// Every malformed input is an error: page numbers are bounds-checked and
// each walk keeps the pages it visited, so a cycle cannot loop.
package sqlite

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"

	"github.com/keydoctor/keydoctor/internal/safefile"
)

// MaxFile caps the database and its WAL each: a configuration database is
// kilobytes; a cap keeps a huge or hostile file from being read whole.
const MaxFile = 64 << 20

// ErrMalformed is what every error about the bytes of a database matches.
var ErrMalformed = errors.New("malformed database")

func malformed(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrMalformed}, a...)...)
}

const magic = "SQLite format 3\x00"

// DB is a database read into memory as of its last committed transaction.
type DB struct {
	file     []byte
	pageSize int
	usable   int            // page size less the reserved bytes at each page's end
	pages    int            // the database's size in pages
	size     int64          // bytes read (file and WAL): no payload is larger
	wal      map[int][]byte // the latest committed WAL frame of a page
}

// Open reads path and, when present, path+"-wal" (through safefile, each
// capped at MaxFile).
func Open(path string) (*DB, error) {
	main, err := safefile.ReadLimit(path, MaxFile)
	if err != nil {
		return nil, err
	}
	wal, err := safefile.ReadLimit(path+"-wal", MaxFile)
	if errors.Is(err, fs.ErrNotExist) {
		wal, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	return Parse(main, wal)
}

// Parse reads a database from its main file's bytes and its WAL's (nil
// when there is none).
func Parse(main, wal []byte) (*DB, error) {
	if len(main) < 100 || !bytes.Equal(main[:16], []byte(magic)) {
		return nil, malformed("not an SQLite 3 database")
	}
	ps := int(main[16])<<8 | int(main[17])
	if ps == 1 {
		ps = 65536
	}
	if ps < 512 || ps > 65536 || ps&(ps-1) != 0 {
		return nil, malformed("page size %d", ps)
	}
	usable := ps - int(main[20])
	if usable < 480 {
		return nil, malformed("usable page size %d", usable)
	}
	db := &DB{file: main, pageSize: ps, usable: usable, pages: len(main) / ps, size: int64(len(main) + len(wal))}
	if len(wal) > 0 {
		if err := db.readWAL(wal); err != nil {
			return nil, err
		}
	}
	if db.pages < 1 {
		return nil, malformed("no first page")
	}
	return db, nil
}

// page returns page n (1-based): the WAL's committed copy, else the
// file's.
func (db *DB) page(n int) ([]byte, error) {
	if n < 1 || n > db.pages {
		return nil, malformed("page %d out of range 1..%d", n, db.pages)
	}
	if p, ok := db.wal[n]; ok {
		return p, nil
	}
	off := (n - 1) * db.pageSize
	if off+db.pageSize > len(db.file) {
		return nil, malformed("page %d beyond the end of the file", n)
	}
	return db.file[off : off+db.pageSize], nil
}

// ErrNoTable is what Rows returns for a table the schema does not list.
var ErrNoTable = errors.New("no such table")
