package claude

import "github.com/keydoctor/keydoctor/internal/discover"

// AtVersion re-resolves the model for the version installed: the reader
// runs before any version is known and gives an alias that no
// ANTHROPIC_DEFAULT_*_MODEL resolves the newest version's built-in id
// (2.1.332: opus is claude-opus-5-5), while 2.1.197 asks for another
// (claude-opus-4-8). Every consumer of the snapshot (the send check, the
// wire ladder, status) then sees the id that version sends.
// The default background model is that version's too (BackgroundDefaults).
func (impl) AtVersion(_ *discover.Snapshot, t *discover.Tool, version string) {
	t.BackgroundBuiltin = discover.DefaultValue(BackgroundDefaults.Value(version))
	if !t.ModelAlias.Set() || !t.Model.Source.Default {
		return
	}
	if a, ok := AliasOf(t.ModelAlias.Value); ok {
		if id := a.BuiltinFor(version); id != "" {
			t.Model.Value = id
		}
	}
}
