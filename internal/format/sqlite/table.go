package sqlite

import "fmt"

// Rows returns the rows of a rowid table, each as its columns' values in
// the order of the table's CREATE TABLE (a column added by ALTER TABLE
// may be missing from older rows; an INTEGER PRIMARY KEY reads as nil,
// since SQLite stores it as the rowid only).
func (db *DB) Rows(table string) ([][]any, error) {
	root, err := db.rootPage(table)
	if err != nil {
		return nil, err
	}
	var rows [][]any
	err = db.walkTable(root, func(payload []byte) error {
		r, err := record(payload)
		if err != nil {
			return err
		}
		rows = append(rows, r)
		return nil
	})
	return rows, err
}

// rootPage finds a table's root page in sqlite_schema (page 1; columns
// type, name, tbl_name, rootpage, sql).
func (db *DB) rootPage(table string) (int, error) {
	root := 0
	err := db.walkTable(1, func(payload []byte) error {
		r, err := record(payload)
		if err != nil {
			return err
		}
		if len(r) < 4 || r[0] != "table" || r[1] != table {
			return nil
		}
		n, ok := r[3].(int64)
		if !ok || n < 1 || n > int64(db.pages) {
			return malformed("table %s has root page %v", table, r[3])
		}
		root = int(n)
		return nil
	})
	if err != nil {
		return 0, err
	}
	if root == 0 {
		return 0, fmt.Errorf("%w: no table %s", ErrNoTable, table)
	}
	return root, nil
}
