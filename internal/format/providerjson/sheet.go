package providerjson

// Sheet is what one range of a format tool's versions does with the
// shapes the format's checks judge. The tool's package keeps its sheets by
// version (Format.Facts: its own facts, observed with its own versions);
// the checks look the installed version up.
type Sheet struct {
	// FailsOnUndeclared: a model its provider does not declare under
	// models fails before any request (Format.Undeclared says how).
	FailsOnUndeclared bool
	// UnsetEnvSendsNoAuth: an {env:VAR} apiKey naming an unset variable
	// sends no auth header (401).
	UnsetEnvSendsNoAuth bool
	// EmptyEnvBeatsAuth: that empty value still beats auth.json's key
	// (for a tool with an auth file, Format.Auth).
	EmptyEnvBeatsAuth bool
	// LayersOverride: the layers after the global config are merged over
	// it (Format.Precedence says in which order).
	LayersOverride bool
}

// who names the tool of version v for a message ("Title 1.18.33";
// the title alone when no version was detected).
func (f Format) who(v string) string {
	if v == "" {
		return f.Title
	}
	return f.Title + " " + v
}
