package sqlite

import (
	"fmt"
	"strings"
)

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

// Columns are a table's column names in the order Rows gives their
// values, read from its CREATE TABLE in sqlite_schema (SQLite rewrites
// that statement on ALTER TABLE ADD COLUMN, so an added column is last).
func (db *DB) Columns(table string) ([]string, error) {
	var sql string
	err := db.walkTable(1, func(payload []byte) error {
		r, err := record(payload)
		if err != nil {
			return err
		}
		if len(r) >= 5 && r[0] == "table" && r[1] == table {
			sql, _ = r[4].(string)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if sql == "" {
		return nil, fmt.Errorf("%w: %s", ErrNoTable, table)
	}
	return columnNames(sql)
}

// columnNames are the column definitions' names of a CREATE TABLE
// statement: its parenthesised list split at top-level commas, table
// constraints (PRIMARY KEY (…), UNIQUE, CHECK, FOREIGN KEY, CONSTRAINT)
// left out, a quoted name ("x", `x`, [x]) unquoted.
func columnNames(sql string) ([]string, error) {
	open := strings.IndexByte(sql, '(')
	if open < 0 {
		return nil, malformed("a CREATE TABLE without a column list")
	}
	var defs []string
	depth, start := 0, open+1
	for i := open; i < len(sql); i++ {
		switch sql[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				defs = append(defs, sql[start:i])
				i = len(sql)
			}
		case ',':
			if depth == 1 {
				defs = append(defs, sql[start:i])
				start = i + 1
			}
		}
	}
	if depth != 0 {
		return nil, malformed("an unbalanced CREATE TABLE")
	}
	var names []string
	for _, d := range defs {
		d = strings.TrimSpace(d)
		if d == "" {
			continue
		}
		if close, ok := map[byte]byte{'"': '"', '`': '`', '[': ']', '\'': '\''}[d[0]]; ok {
			if end := strings.IndexByte(d[1:], close); end >= 0 {
				names = append(names, d[1:1+end]) // a quoted name may hold spaces
				continue
			}
			return nil, malformed("an unterminated column name")
		}
		f := strings.Fields(d)
		switch strings.ToUpper(f[0]) {
		case "PRIMARY", "UNIQUE", "CHECK", "FOREIGN", "CONSTRAINT":
			continue
		}
		names = append(names, f[0])
	}
	return names, nil
}
