package opencode

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/providerjson"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// format is OpenCode's description for the provider-style JSONC engine.
var format = providerjson.Format{
	ID: ID, Title: "OpenCode", Config: Config, Auth: Auth,
	ContentVar: ContentVar, ConfigVar: ConfigVar,
	// OpenCode inserts the $schema line itself on its first run, so
	// writing it keeps that run from rewriting the file.
	NewConfig:  "{\n  \"$schema\": \"https://opencode.ai/config.json\"\n}\n",
	Precedence: "OpenCode merges the global config.json < opencode.json < opencode.jsonc < $" + ConfigVar + " < the project's opencode.json < opencode.jsonc, from the git root down < $" + ContentVar,
	Undeclared: "it fails with an opaque UnknownError before any request",
	Facts:      Facts,
}

// State is what OpenCode reads (StateOf): its config layers, lowest
// precedence first (global, $OPENCODE_CONFIG, the project's opencode.json,
// $OPENCODE_CONFIG_CONTENT), merged key by key, and auth.json.
type State = providerjson.State

// StateOf is what discovery read of OpenCode's files into s (empty
// when it did not read them).
func StateOf(s *discover.Snapshot) *State { return format.StateOf(s) }

// ReadFiles reads the config layers, auth.json and the content variable.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) { format.ReadFiles(s, t) }

// Resolve is the triple of the provider OpenCode's model is on.
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool { return format.Resolve(s, t) }

// AtVersion re-resolves the triple by the layers the version installed
// merges (providerjson.Format.AtVersion).
func (impl) AtVersion(s *discover.Snapshot, t *discover.Tool, version string) {
	format.AtVersion(s, t, version)
}
