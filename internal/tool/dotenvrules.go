package tool

// DotEnvRules is how one loader of .env files reads a file: a tool that
// loads its own .env files or a dotenv library that
// programs load the project's .env with. Each is kept as Facts with the
// versions it was observed in (docs/tools.md): keydoctor's own parser
// (internal/format/dotenv) reads the common syntax, and these say where a
// loader parts from it.
type DotEnvRules struct {
	// ShellWins: a variable already exported keeps its value; the file
	// sets only the ones that are not.
	ShellWins bool
	// ReadsBOM: a UTF-8 byte order mark at the start is skipped; false:
	// it sticks to the first name, so the first variable is never set
	// under its own name.
	ReadsBOM bool
	// Export: `export NAME=value` sets NAME.
	Export bool
	// Quotes: '…' and "…" values are unquoted (a # inside them is no
	// comment) and "…" turns \n into a newline.
	Quotes bool
}
