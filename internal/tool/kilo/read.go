package kilo

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/providerjson"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// format is Kilo's description for the provider-style JSONC engine: no
// auth file (setup keeps the key in options.apiKey, or "{env:VAR}").
var format = providerjson.Format{
	ID: ID, Title: "Kilo Code", Config: Config,
	ContentVar: ContentVar, ConfigVar: ConfigVar,
	// Kilo adds this $schema itself on its first run: writing it keeps
	// that run from editing the file for it.
	NewConfig:  "{\n  \"$schema\": \"" + Schema + "\"\n}\n",
	Precedence: "Kilo Code merges ~/.config/kilo/config.json < kilo.json < kilo.jsonc < opencode.json < opencode.jsonc < $" + ConfigVar + " < the project's kilo.json(c), opencode.json(c) and .kilo/ from the git root down < $" + ContentVar,
	Undeclared: "it fails with \"Model not found\" before any request",
	Anthropic:  &AnthropicWire,
	Facts:      Facts,
}

// State is what Kilo reads (StateOf): its config layers, lowest
// precedence first, merged key by key.
type State = providerjson.State

// StateOf is what discovery read of Kilo's files into s.
func StateOf(s *discover.Snapshot) *State { return format.StateOf(s) }

// ReadFiles reads the config layers and the content variable.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) { format.ReadFiles(s, t) }

// Resolve is the triple of the provider Kilo's model is on.
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool { return format.Resolve(s, t) }

// AtVersion re-resolves the triple by the layers the version installed
// merges (providerjson.Format.AtVersion).
func (impl) AtVersion(s *discover.Snapshot, t *discover.Tool, version string) {
	format.AtVersion(s, t, version)
}
