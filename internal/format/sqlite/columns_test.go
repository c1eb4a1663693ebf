package sqlite

import (
	"slices"
	"testing"
)

func TestColumnNames(t *testing.T) {
	tests := []struct {
		sql  string
		want []string
	}{
		{"CREATE TABLE t (a TEXT, b INTEGER)", []string{"a", "b"}},
		{"CREATE TABLE providers (\n id TEXT NOT NULL,\n meta TEXT NOT NULL DEFAULT '{}',\n is_current BOOLEAN NOT NULL DEFAULT 0,\n PRIMARY KEY (id, app_type)\n, in_failover_queue BOOLEAN NOT NULL DEFAULT 0)",
			[]string{"id", "meta", "is_current", "in_failover_queue"}},
		{`CREATE TABLE "q" ("a b" TEXT, ` + "`c`" + ` INT, [d] REAL, CONSTRAINT x UNIQUE (a), CHECK (c > 0), FOREIGN KEY (d) REFERENCES o(id))`,
			[]string{"a b", "c", "d"}},
		{"CREATE TABLE t (a DECIMAL(10, 2), b TEXT)", []string{"a", "b"}},
	}
	for _, tt := range tests {
		got, err := columnNames(tt.sql)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("columnNames(%q) = %q, %v; want %q", tt.sql, got, err, tt.want)
		}
	}
	for _, bad := range []string{"CREATE TABLE t", "CREATE TABLE t (a TEXT"} {
		if _, err := columnNames(bad); err == nil {
			t.Errorf("columnNames(%q): no error", bad)
		}
	}
}
