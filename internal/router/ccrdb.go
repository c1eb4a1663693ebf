package router

import (
	"errors"

	"github.com/keydoctor/keydoctor/internal/format/sqlite"
)

// SQLiteNote is what a route from claude-code-router 3.x's database says
// when keydoctor cannot read it; the reason follows.
const SQLiteNote = "claude-code-router 3.x keeps its providers and routes in config.sqlite, which keydoctor could not read (see them with `ccr ui`): "

// routeOfDB reads 3.x's config.sqlite (and its -wal: WAL journaling, so
// the newest config may not be checkpointed yet). Its schema
// (packages/core/src/config/config-repository.ts, createSchema):
// app_config(key TEXT PRIMARY KEY, value_json TEXT NOT NULL, updated_at
// TEXT NOT NULL), the whole configuration one JSON document in the row
// key "default" — the document config.json holds. The database's other
// tables (api_keys: the client keys) are never read.
func routeOfDB(file, path, model string) *Route {
	db, err := sqlite.Open(path)
	if err != nil {
		return &Route{File: file, Note: SQLiteNote + why(err)}
	}
	rows, err := db.Rows("app_config")
	if err != nil {
		return &Route{File: file, Note: SQLiteNote + why(err)}
	}
	for _, r := range rows {
		if len(r) < 2 || r[0] != "default" {
			continue
		}
		doc, ok := r[1].(string)
		if !ok {
			return &Route{File: file, Note: SQLiteNote + "its app_config row is not text"}
		}
		route := routeOf(file, []byte(doc), model)
		// A line of a document inside a database names no place an
		// editor can open: the fix points at the file (and ccr ui).
		route.Line = 0
		return route
	}
	return &Route{File: file, Note: SQLiteNote + "it has no configuration yet (no app_config row \"default\")"}
}

// why says in a few words why a database was not read, never quoting
// its bytes (a corrupt page may hold a key).
func why(err error) string {
	switch {
	case errors.Is(err, sqlite.ErrNoTable):
		return "it has no app_config table"
	case errors.Is(err, sqlite.ErrMalformed):
		return "it is not a database keydoctor understands"
	}
	return err.Error()
}
