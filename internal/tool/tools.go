// Package tools describes every tool keydoctor configures or reasons about,
// each once, in its own file: where its files are (per OS), which keys hold
// its base URL, key and model, its URL rule and request shape, how it
// reaches the network, how verify runs it headless. Discovery, the writers,
// the checks, verify and the commands read these descriptions instead of
// repeating them. The facts behind them, and how each was verified, are in
// docs/tools.md; how a new tool is added is in docs/architecture.md.
package tool

import (
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Tool is one tool's description.
type Tool struct {
	// Tool is the wire rule: id, title, protocol, whether the base URL
	// carries /v1, the header the key goes in, the query the tool adds.
	gateway.Tool
	// Setup: `keydoctor setup --tools` writes it.
	Setup bool
	// MCPOnly: setup writes only MCP server entries for it, whose
	// variables are the server's contract: it has no triple of its own
	// for discovery to read back.
	MCPOnly bool
	// Format names the file-format adapter that reads the tool's files
	// (internal/discover) and edits them (writers).
	Format Format
	// Files are the files the tool reads, lowest precedence first, as
	// they lie for this environment and project (nil: it reads only the
	// environment).
	Files func(e *env.Env, project string) []File
	// Keys say where a tool of the generic formats keeps each part of the
	// triple; nil for a tool of its own format (its package keeps its key
	// names beside its description).
	Keys *Keys
	// Vars are the variables a tool of FormatShell takes its triple from.
	Vars *Vars
	// BackgroundModel is where the model of the tool's background calls
	// is set (they go through the gateway too); "" when it makes none.
	BackgroundModel string
	// DefaultBackgroundModel is the model those calls go to when nothing
	// sets BackgroundModel, as observed with the tool's version (a gateway
	// that does not serve it answers them 404).
	DefaultBackgroundModel string
	// Runtime is the HTTP stack the tool reaches the gateway with: it
	// decides which proxy variables apply.
	Runtime Runtime
	// Binary is the tool's executable; Marks are paths whose existence
	// shows it was used (its settings directory). Setup's default --tools
	// are the tools installed or used.
	Binary string
	Marks  func(e *env.Env, project string) []string
	// Package is the npm package the tool installs as ("@scope/name"),
	// whose package.json says which version runs (internal/toolversion);
	// Extension, for an editor's extension, its id (publisher.name), and
	// ExtensionDirs the folders the editor installs extensions in, each
	// version in <dir>/<id>-<version>/.
	Package, Extension string
	ExtensionDirs      func(e *env.Env) []string
	// Observed is the version of the tool its package's facts were
	// observed with (docs/tools.md): doctor says so when the user runs a
	// newer one. "" for a program that has no version of its own.
	Observed string
	// Headless is how verify runs one turn of it; nil: verify does not.
	Headless *Headless
	// Impl is the tool package's implementation of the interfaces the
	// frameworks declare (a reader for internal/discover, a planner for
	// writers, its own checks, its verify redirect): each framework
	// type-asserts the one it consumes, so none names a tool. Nil: the
	// frameworks' shared adapter for its Format does everything.
	Impl any
	// HomeVar is the variable that moves the tool's own directory, when it
	// has one: the files it names are laid out under it.
	HomeVar string
	// DotEnv is the tool's own .env and the variables it reads from it,
	// for a tool that loads only the first .env found walking up from its
	// working directory: a project .env then
	// shadows the tool's own. Nil: the tool loads no .env.
	DotEnv *DotEnvLoad
	// Options are the choices setup offers for the tool's files, each a
	// --Name flag whose value writers hands the tool's planner
	// (writers.Options.Option).
	Options []Option
	// Help holds, by command name ("setup", "status"), a paragraph of that
	// command's help about what it does for this tool beyond the triple,
	// wrapped as help is (HelpFor joins them).
	Help map[string]string
}

// Option is one choice of how setup writes a tool's files.
type Option struct {
	Name   string   // the flag: "<id>-auth"
	Title  string   // what it chooses, as an error names it: "<Title> auth"
	Usage  string   // the flag's help
	Values []string // the values allowed, the default first; nil: any
	// Default is the value when none is given (nil: Values' first, or "").
	Default func(p gateway.Profile) string
	// Check refuses a value, given or Default's, for a reason Values
	// cannot say: a *gateway.UsageError naming the flag. Nil: none.
	Check func(v string, p gateway.Profile) error
	// Alone, for an option that does something only when its tool is set
	// up, says what it does: setup refuses it without the tool.
	Alone string
	// Bool makes the option a switch (a flag without a value): "true"
	// when given, "" when not.
	Bool bool
	// Ask, for a switch that edits a file the user may not want touched
	// (their shell's profile), is the yes-or-no question setup's wizard
	// asks for it when its tool is chosen and the flag was not given
	// ("": none to ask), and the options a yes sets (nil: the switch).
	Ask func(e *env.Env, p gateway.Profile) (question string, yes map[string]string)
}

// DotEnvLoad is how a tool loads .env files: Names are the files it looks
// for in each directory from the working directory up (first found wins,
// no merge), Own is its own file, read only when none was found, and
// Vars are the variables it takes from it.
type DotEnvLoad struct {
	Names []string
	Own   func(e *env.Env) string
	Vars  []string
	// Rules are how the tool reads each file, by version (observed with
	// the same versions as which files it loads).
	Rules Facts[DotEnvRules]
}

// Format is how a tool keeps its triple: a shared format the frameworks
// read and write themselves, or the tool's own (its package's Impl reads
// and writes it).
type Format string

const (
	FormatOwn     Format = "own"       // the tool package's own reader and planner (Impl)
	FormatDotEnv  Format = "dotenv"    // a project .env with the preset's variables
	FormatShell   Format = "shell"     // variables of the shell only (SDKs): nothing to write
	FormatJSONKey Format = "json-keys" // a JSON file with the triple at fixed keys (Keys)
)

// Syntax is how a file is written.
type Syntax string

const (
	JSON   Syntax = "json"
	JSONC  Syntax = "jsonc" // JSON with comments and trailing commas
	JSON5  Syntax = "json5" // JSON5: also unquoted keys, single quotes, hex numbers
	TOML   Syntax = "toml"
	DotEnv Syntax = "dotenv"
	// ShellProfile is a shell's startup file, of which keydoctor edits
	// only its own marked block (internal/format/shellprofile).
	ShellProfile Syntax = "shell-profile"
)

// File is one file a tool reads.
type File struct {
	// Role names the file inside its description ("settings", "auth").
	Role   string
	Path   string
	Syntax Syntax
	// System: outside the user's home and project (managed settings);
	// keydoctor reads it and never writes it.
	System bool
}

// Keys place the triple of a tool whose format is generic (FormatJSONKey).
type Keys struct {
	Base, Key, Model Place
	// Fixed are settings the tool needs beside the triple, written as
	// given (e.g. the auth type a tool must be told to use).
	Fixed []Fixed
	// Providers, when set, is a list of per-model entries that beats the
	// places above for the model it names: its base URL, and its key from
	// the variable it names (a per-model provider list).
	Providers *Providers
}

// Providers is a JSON array of objects at List in the file of role File;
// the entry whose ID field is the model applies. EnvKey names the field
// holding the name of the variable with the key.
type Providers struct {
	File, List       string
	ID, Base, EnvKey string
}

// Place is a key inside the file of a role: a dotted path.
type Place struct{ File, Key string }

// Path is the key's path as parts.
func (p Place) Path() []string { return strings.Split(p.Key, ".") }

// Fixed is a setting written as is.
type Fixed struct {
	Place
	// Value is any JSON-encodable value (a string, or a number such as
	// a settings schema's "$version": 4).
	Value any
}

// Vars are the environment variables that carry one triple.
type Vars struct {
	BaseURL, Key, Model string
	// AltKey is a second key variable, sent in another header
	// (ANTHROPIC_AUTH_TOKEN beside ANTHROPIC_API_KEY).
	AltKey string
}

// Runtime is an HTTP stack, for the proxy rules it follows.
type Runtime int

const (
	Node Runtime = iota // undici: proxies loopback unless NO_PROXY lists it
	Rust                // reqwest: reads ALL_PROXY too
	Go                  // net/http: never proxies loopback; reads HTTPS_PROXY, HTTP_PROXY
)

// Headless is how to run one turn of a tool (its Binary) without a
// terminal.
type Headless struct {
	// Args are the arguments of one turn. Placeholders: {prompt}, {dir}
	// (the empty working directory) and those of the redirect.
	Args []string
	// Redirect is how the turn is pointed at another base URL without
	// editing the tool's files.
	Redirect Redirect
	// BaseEnv is the variable RedirectEnv sets to the relay's base URL.
	BaseEnv string
	// Env are variables set for the run as given (trust the empty working
	// directory, telemetry off).
	Env []string
	// SettingsEnv names a variable pointing the tool at a settings file
	// that beats the user's; verify writes Settings (JSON) there for the
	// run (usage statistics and update checks off). SettingsFile, instead,
	// is a path under the run's working directory where Settings go: the
	// project settings the tool merges over the user's.
	SettingsEnv, SettingsFile, Settings string
}

// Redirect is a way to point one run of a tool at the relay.
type Redirect string

const (
	// RedirectSettings: a temporary settings file given with a flag that
	// beats the user's ({settings}).
	RedirectSettings Redirect = "settings-file"
	// RedirectOverride: a command-line override of the config key
	// ({override}).
	RedirectOverride Redirect = "config-override"
	// RedirectDataCopy: a temporary copy of the data directory with the
	// base URL changed ({data}).
	RedirectDataCopy Redirect = "data-copy"
	// RedirectEnv: a variable the tool reads its base URL from (BaseEnv).
	RedirectEnv Redirect = "env"
	// RedirectFlag: a command-line flag whose value ({base}) is the base
	// URL and beats the tool's files.
	RedirectFlag Redirect = "base-flag"
	// RedirectContent: a variable holding config content that is merged
	// over the tool's files (BaseEnv, {content}).
	RedirectContent Redirect = "config-content"
)

// registry is the list of tools in display order: internal/tool/all
// registers each tool package's Tool, in its order, when it is imported
// (the program's main and the tests that need real tools import it).
var registry []Tool

// All returns every tool, in display order.
func All() []Tool { return slices.Clone(registry) }

// Lookup finds a tool by id (any case, surrounding space ignored).
func Lookup(id string) (Tool, bool) {
	id = strings.ToLower(strings.TrimSpace(id))
	for _, t := range registry {
		if string(t.ID) == id {
			return t, true
		}
	}
	return Tool{}, false
}

// Wire is the wire rule of a tool id; for an unknown id, the rule an
// OpenAI-compatible client follows, the most common one: a base with /v1,
// chat completions, the key as a bearer token.
func Wire(id gateway.ToolID) gateway.Tool {
	if t, ok := Lookup(string(id)); ok {
		return t.Tool
	}
	return gateway.Tool{ID: id, Title: string(id), Protocol: gateway.Chat, BaseHasVersion: true, Auth: gateway.AuthBearer}
}

// Register adds a tool at the end of the list and returns the function
// that removes it again: internal/tool/all registers every tool with it,
// and the conformance suite's fake tool too.
func Register(t Tool) (unregister func()) {
	registry = append(slices.Clone(registry), t)
	return func() {
		registry = slices.DeleteFunc(slices.Clone(registry), func(x Tool) bool { return x.ID == t.ID })
	}
}

// SetupIDs are the ids setup can write, for messages.
func SetupIDs() []string {
	var out []string
	for _, t := range registry {
		if t.Setup {
			out = append(out, string(t.ID))
		}
	}
	return out
}

// ParseSetup parses a comma-separated --tools value into setup targets.
func ParseSetup(list string) ([]gateway.ToolID, error) {
	var out []gateway.ToolID
	for _, part := range strings.Split(list, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		t, ok := Lookup(part)
		if !ok || !t.Setup {
			return nil, fmt.Errorf("unknown tool %q (want %s)", strings.TrimSpace(part), orList(SetupIDs()))
		}
		if !slices.Contains(out, t.ID) {
			out = append(out, t.ID)
		}
	}
	return out, nil
}

// orList is "a, b or c".
func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// FilesOf is t's files for e and project (none when it has none).
func (t Tool) FilesOf(e *env.Env, project string) []File {
	if t.Files == nil {
		return nil
	}
	return t.Files(e, project)
}

// File is t's file of a role.
func (t Tool) File(e *env.Env, project, role string) (File, bool) {
	for _, f := range t.FilesOf(e, project) {
		if f.Role == role {
			return f, true
		}
	}
	return File{}, false
}
